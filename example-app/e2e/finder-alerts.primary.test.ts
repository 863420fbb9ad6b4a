// Odds alerts on the price boost tracker of the primary brand (the suite: finder-alerts.ts), for a Pro member.
import { finderAlertsSuite } from './finder-alerts';

finderAlertsSuite('primary', 'pro');
