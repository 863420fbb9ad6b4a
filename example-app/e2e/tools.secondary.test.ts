// Every tool route of the secondary brand (the suite: tools.ts).
import { toolsSuite } from './tools';

toolsSuite('secondary');
