// The admin console for the primary brand (the suite: admin.ts).
import { adminSuite } from './admin';

adminSuite('primary');
