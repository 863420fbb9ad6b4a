// The control-character and error-log suite on a database of its own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from './test/postgres';
import { controlCharactersSuite } from './control-characters-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

controlCharactersSuite('PostgreSQL', databases.open);
