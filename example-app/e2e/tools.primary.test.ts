// Every tool route of the primary brand (the suite: tools.ts).
import { toolsSuite } from './tools';

toolsSuite('primary');
