// What other features may use of pwa: a feature imports another only through its index.ts
// (eslint.config.js). A page another feature loads lazily is imported by its own path instead.
export { registerOfflineWorker } from './offlineWorker';
export { useOnline } from './useOnline';
