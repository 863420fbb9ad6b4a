// Web push end to end on the secondary brand (the suite: push.ts), for Pro members.
import { pushSuite } from './push';

pushSuite('secondary', 'pro');
