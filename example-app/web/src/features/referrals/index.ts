// What other features may use of referrals: a feature imports another only through its index.ts
// (eslint.config.js). A page another feature loads lazily is imported by its own path instead.
export { MemberReferrals } from './MemberReferrals';
export { programmeTerms } from './programme';
