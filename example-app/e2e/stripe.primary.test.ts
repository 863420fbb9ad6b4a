import { stripeSuite } from './stripe';

// Yearly after the decline: Checkout in payment mode (the secondary file runs the trial's setup mode).
stripeSuite('primary', 'year');
