// What other features may use of guides: a feature imports another only through its index.ts
// (eslint.config.js). A page another feature loads lazily is imported by its own path instead.
export { ContentBody } from './ContentBody';
export { ContentNotFound } from './ContentNotFound';
export { GUIDE_SECTIONS, GuideList } from './GuideList';
export { GuideView } from './GuideView';
export { GUIDE_WITH_BODY_FIELDS, type GuideWithBody } from './api/guide';
