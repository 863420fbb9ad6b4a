// Odds alerts on the price boost tracker of the secondary brand (the suite: finder-alerts.ts), for a Pro member.
import { finderAlertsSuite } from './finder-alerts';

finderAlertsSuite('secondary', 'pro');
