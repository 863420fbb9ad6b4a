// The screenshot review of the secondary brand (the suite: review.ts).
import { reviewSuite } from './review';

reviewSuite('secondary');
