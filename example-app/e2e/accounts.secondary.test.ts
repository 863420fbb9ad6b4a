import { accountsSuite } from './accounts';

accountsSuite('secondary');
