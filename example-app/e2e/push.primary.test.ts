// Web push end to end on the primary brand (the suite: push.ts), for Pro members.
import { pushSuite } from './push';

pushSuite('primary', 'pro');
