// The unsubscribe suite on PGlite (unsubscribe-suite.ts).
import { testDatabase } from '../../test/app';
import { unsubscribeSuite } from './unsubscribe-suite';

unsubscribeSuite('PGlite', testDatabase);
