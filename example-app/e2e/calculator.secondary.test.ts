// The standard calculator of the secondary brand (the suite: calculator.ts): a shared link's figures
// equal the sdk's, typing, a bad field, add to profit tracker, offline after a first visit.
import { calculatorSuite } from './calculator';

calculatorSuite('secondary');
