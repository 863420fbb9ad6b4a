// The password policy suite (password-policy-suite.ts) on a database of its own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { passwordPolicySuite } from './password-policy-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

passwordPolicySuite('PostgreSQL', databases.open);
