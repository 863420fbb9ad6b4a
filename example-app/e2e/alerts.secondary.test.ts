// Odds alerts of the secondary brand (the suite: alerts.ts), for a Pro member.
import { alertsSuite } from './alerts';

alertsSuite('secondary', 'pro');
