// The password policy suite (password-policy-suite.ts) on a throwaway PostgreSQL 15 (tracker/test-postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../tracker/test-postgres';
import { passwordPolicySuite } from './password-policy-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

passwordPolicySuite('PostgreSQL', databases.open);
