// Test support (not a test file): where the server's migrations are, on its own so that the test
// run's PostgreSQL setup (postgres-cluster.ts) needs no more of the test app than this.
import { fileURLToPath } from 'node:url';

/** The migrations folder (server/drizzle). */
export const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
