import { secondFactorSuite } from './second-factor-suite';

secondFactorSuite('on PGlite');
