// The alert limit under parallel saves on embedded PGlite (the suite: alert-limit-suite.ts).
import { alertLimitSuite } from './alert-limit-suite';

alertLimitSuite('on PGlite');
