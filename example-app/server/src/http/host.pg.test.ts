// The Host header suite (host-suite.ts) on a throwaway PostgreSQL 15 (tracker/test-postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../modules/tracker/test-postgres';
import { hostSuite } from './host-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

hostSuite('PostgreSQL', databases.open);
