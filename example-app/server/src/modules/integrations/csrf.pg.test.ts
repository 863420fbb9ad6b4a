// The integrations' forgery suite (csrf-suite.ts) on a throwaway PostgreSQL 15 (tracker/test-postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../tracker/test-postgres';
import { integrationsCsrfSuite } from './csrf-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

integrationsCsrfSuite('PostgreSQL', databases.open);
