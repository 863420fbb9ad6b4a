// Referrals, affiliates and the quick-links bar for the secondary brand (the suite: referrals.ts).
import { referralsSuite } from './referrals';

referralsSuite('secondary');
