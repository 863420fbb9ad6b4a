// The production outbox suite on a database of its own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../test/postgres';
import { productionOutboxSuite } from './production-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

productionOutboxSuite('PostgreSQL', databases.open);
