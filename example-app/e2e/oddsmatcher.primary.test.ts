// The oddsmatcher of the primary brand (the suite: oddsmatcher.ts), for a Pro member.
import { oddsmatcherSuite } from './oddsmatcher';

oddsmatcherSuite('primary', 'pro');
