import { billingSuite } from './billing';

billingSuite('primary');
