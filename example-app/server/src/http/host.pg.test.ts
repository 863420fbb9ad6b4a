// The Host header suite (host-suite.ts) on a database of its own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../test/postgres';
import { hostSuite } from './host-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

hostSuite('PostgreSQL', databases.open);
