// The screenshot review of the primary brand (the suite: review.ts).
import { reviewSuite } from './review';

reviewSuite('primary');
