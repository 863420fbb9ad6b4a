import { stripeSuite } from './stripe';

stripeSuite('secondary');
