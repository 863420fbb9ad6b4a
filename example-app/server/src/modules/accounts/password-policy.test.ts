// The password policy at the server's mutations on the embedded PGlite (password-policy-suite.ts;
// PostgreSQL: password-policy.pg.test.ts).
import { testDatabase } from '../../test/app';
import { passwordPolicySuite } from './password-policy-suite';

passwordPolicySuite('PGlite', testDatabase);
