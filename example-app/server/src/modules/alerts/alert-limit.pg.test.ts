// The alert limit under parallel saves on PostgreSQL (a database of its own on the
// test run's cluster, test/postgres.ts): saves on four connections race for the member's last slots.
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { alertLimitSuite } from './alert-limit-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

alertLimitSuite('on PostgreSQL', databases.open);
