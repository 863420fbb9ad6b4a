// The billing paths through the Stripe provider against the local Stripe fake, on PGlite.
import { stripeBillingSuite } from './stripe-suite';

stripeBillingSuite('on PGlite');
