// The member's journey against the running server on loopback (the app in this process, on its
// embedded PGlite: a cloned in-memory database), for both brands. postgres.test.ts runs the same
// journey on a PostgreSQL server.
import { describeJourney } from './journey';
import { startInProcess } from './servers';

describeJourney('embedded PGlite', (brand) => startInProcess({ brand }));
