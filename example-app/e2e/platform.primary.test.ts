import { platformSuite } from './platform';

platformSuite('primary');
