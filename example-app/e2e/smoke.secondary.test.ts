import { smokeSuite } from './smoke';

smokeSuite('secondary');
