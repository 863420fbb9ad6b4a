import { smokeSuite } from './smoke';

smokeSuite('primary');
