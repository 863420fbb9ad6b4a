// Closing an account on embedded PGlite (the suite: close-account-suite.ts).
import { closeAccountSuite } from './close-account-suite';

closeAccountSuite('on PGlite');
