// Two-step sign-in on a database of its own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { secondFactorSuite } from './second-factor-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

secondFactorSuite('on PostgreSQL', databases.open);
