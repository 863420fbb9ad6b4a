// The list-cost and per-member rate suite (list-cost-suite.ts) on the embedded PGlite, the rate
// counts in memory (PostgreSQL and Redis: list-cost.pg.test.ts).
import { listCostSuite } from './list-cost-suite';
import { testDatabase } from './test/app';

listCostSuite('PGlite', testDatabase);
