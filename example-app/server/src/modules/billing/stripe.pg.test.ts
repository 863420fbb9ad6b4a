// The billing paths through the Stripe provider against the local Stripe fake, on a database of its
// own on the test run's PostgreSQL (test/postgres.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { stripeBillingSuite } from './stripe-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

stripeBillingSuite('on PostgreSQL', databases.open);
