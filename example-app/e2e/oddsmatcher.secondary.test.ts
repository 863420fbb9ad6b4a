// The oddsmatcher of the secondary brand, at its own slug (the suite: oddsmatcher.ts), for a Pro member.
import { oddsmatcherSuite } from './oddsmatcher';

oddsmatcherSuite('secondary', 'pro');
