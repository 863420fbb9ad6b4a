// What other features may use of session: a feature imports another only through its index.ts
// (eslint.config.js). A page another feature loads lazily is imported by its own path instead.
export { RequireMember } from './RequireMember';
export { forgetMemberData } from './member-cache';
export { useSession } from './session';
