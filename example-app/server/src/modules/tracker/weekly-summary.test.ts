// The weekly-summary suite on PGlite (weekly-summary-suite.ts).
import { testDatabase } from '../../test/app';
import { weeklySummarySuite } from './weekly-summary-suite';

weeklySummarySuite('PGlite', testDatabase);
