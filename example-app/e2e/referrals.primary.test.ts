// Referrals, affiliates and the quick-links bar for the primary brand (the suite: referrals.ts).
import { referralsSuite } from './referrals';

referralsSuite('primary');
