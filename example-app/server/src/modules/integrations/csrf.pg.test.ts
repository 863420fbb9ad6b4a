// The integrations' forgery suite (csrf-suite.ts) on a database of its own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { integrationsCsrfSuite } from './csrf-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

integrationsCsrfSuite('PostgreSQL', databases.open);
