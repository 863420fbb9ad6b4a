import { billingSuite } from './billing';

billingSuite('secondary');
