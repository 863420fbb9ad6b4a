// The push queue suite on the embedded PGlite: one process, one database handle for both workers.
import { pushQueueSuite } from './queue-suite';
import { testDatabase } from '../test/app';

pushQueueSuite('PGlite', testDatabase, async (first) => first);
