import { stripeSuite } from './stripe';

// Monthly after the decline: the free trial, Checkout in setup mode (the primary file runs a payment).
stripeSuite('secondary', 'month');
