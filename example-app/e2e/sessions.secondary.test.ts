// A session that lasts (sessions.ts) on the secondary brand, for a Pro member.
import { sessionsSuite } from './sessions';

sessionsSuite('secondary', 'pro');
