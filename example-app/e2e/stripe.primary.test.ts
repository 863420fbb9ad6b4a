import { stripeSuite } from './stripe';

stripeSuite('primary');
