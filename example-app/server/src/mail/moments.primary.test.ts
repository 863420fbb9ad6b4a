// The member messages at their moments on the primary brand (moments-suite.ts).
import { momentsSuite } from './moments-suite';

momentsSuite('primary');
