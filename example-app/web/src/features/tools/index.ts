// What other features may use of tools: a feature imports another only through its index.ts
// (eslint.config.js). A page another feature loads lazily is imported by its own path instead.
export { AddToTracker } from './AddToTracker';
export { ToolGate, useToolAccess } from './ToolGate';
export type { ToolPageProps } from './types';
