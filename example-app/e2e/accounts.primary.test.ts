import { accountsSuite } from './accounts';

accountsSuite('primary');
