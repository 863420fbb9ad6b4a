// The admin console for the secondary brand (the suite: admin.ts).
import { adminSuite } from './admin';

adminSuite('secondary');
