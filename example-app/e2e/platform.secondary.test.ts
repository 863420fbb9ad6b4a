import { platformSuite } from './platform';

platformSuite('secondary');
