// The list-cost and per-member rate suite (list-cost-suite.ts) as the scale-out configuration runs:
// a database of its own on the test run's PostgreSQL (test/postgres.ts) and the rate counts in a throwaway Redis.
import { afterAll, beforeAll } from 'vitest';
import { startRedis, type RunningRedis } from '../../../scripts/services.mjs';
import { listCostSuite } from './list-cost-suite';
import { testPostgresDatabases } from './test/postgres';

const databases = testPostgresDatabases();
let redis: RunningRedis | null = null;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.allSettled([databases.stop(), redis?.stop()]);
});

listCostSuite('PostgreSQL', databases.open, () => redis?.url ?? '');
