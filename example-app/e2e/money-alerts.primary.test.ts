// Money alerts on the each-way catcher of the primary brand (the suite: money-alerts.ts), for a Platinum member.
import { moneyAlertsSuite } from './money-alerts';

moneyAlertsSuite('primary', 'platinum', { key: 'alder-bet', label: 'Alder Bet' });
