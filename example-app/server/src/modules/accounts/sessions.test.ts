// Per-device sessions on the embedded PGlite (sessions-suite.ts; PostgreSQL: sessions.pg.test.ts).
import { testDatabase } from '../../test/app';
import { sessionsSuite } from './sessions-suite';

sessionsSuite('on PGlite', testDatabase);
