// The funnel's London-days suite on a database of its own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { funnelDaysSuite } from './funnel-days-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

funnelDaysSuite('PostgreSQL', databases.open);
