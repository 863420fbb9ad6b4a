// A session that lasts (sessions.ts) on the primary brand, for a Pro member.
import { sessionsSuite } from './sessions';

sessionsSuite('primary', 'pro');
