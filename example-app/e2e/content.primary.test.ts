import { contentSuite } from './content';

contentSuite('primary');
