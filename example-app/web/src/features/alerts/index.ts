// What other features may use of odds alerts: a feature imports another only through its index.ts
// (eslint.config.js). The alerts page is loaded lazily by its own path (app/routes.tsx).
export { AlertButton, type AlertButtonProps } from './AlertDialog';
export { draftFromFilters, type AlertDraft } from './rule';
export { CURRENT_MATCH_ROW, MatchGoneNotice } from './match';
