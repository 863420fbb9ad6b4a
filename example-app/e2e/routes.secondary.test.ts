import { routesSuite } from './routes';

routesSuite('secondary');
