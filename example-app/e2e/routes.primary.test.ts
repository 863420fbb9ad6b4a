import { routesSuite } from './routes';

routesSuite('primary');
