// The funnel's London-days suite on PGlite (funnel-days-suite.ts).
import { testDatabase } from '../../test/app';
import { funnelDaysSuite } from './funnel-days-suite';

funnelDaysSuite('PGlite', testDatabase);
