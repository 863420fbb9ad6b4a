// Odds alerts of the primary brand (the suite: alerts.ts), for a Pro member.
import { alertsSuite } from './alerts';

alertsSuite('primary', 'pro');
