// The member messages at their moments on the secondary brand (moments-suite.ts).
import { momentsSuite } from './moments-suite';

momentsSuite('secondary');
