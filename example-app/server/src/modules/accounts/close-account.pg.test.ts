// Closing an account on a database of its own on the test run's PostgreSQL (test/postgres.ts):
// the erasure is one transaction there too, and a failure halfway changes nothing.
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { closeAccountSuite } from './close-account-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

closeAccountSuite('on PostgreSQL', databases.open);
