// What other features may use of push: a feature imports another only through its index.ts
// (eslint.config.js). A page another feature loads lazily is imported by its own path instead.
export { NotificationSettings } from './NotificationSettings';
export { PushSettings } from './PushSettings';
