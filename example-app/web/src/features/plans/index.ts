// What other features may use of plans: a feature imports another only through its index.ts
// (eslint.config.js). A page another feature loads lazily is imported by its own path instead.
export { PlanCards } from './PlanCards';
export { PlanComparison } from './PlanComparison';
export { SaleContent } from './SaleContent';
export { Testimonials } from './Testimonials';
export { TrustReviews } from './TrustReviews';
export { formatLondonDate, isoOf } from './dates';
