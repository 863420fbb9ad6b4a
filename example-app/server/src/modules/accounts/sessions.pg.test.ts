// Per-device sessions on a database of its own on the test run's PostgreSQL (test/postgres.ts):
// rotation, reuse revoking the family (and its 30 s grace), renewals at once leaving one live
// token (row locks: PGlite runs one transaction at a time), expiry and revocation, with member records kept until
// PostgreSQL's notice of their change (db/member-changes.ts).
import { afterAll } from 'vitest';
import { testPostgresDatabases } from '../../test/postgres';
import { sessionsSuite } from './sessions-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

sessionsSuite('on PostgreSQL', databases.open);
