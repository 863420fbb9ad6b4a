/**
 * Service-worker registration for the installed app: `/offline-worker.js` is registered only in
 * standalone display mode, with every browser object injectable.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/offline
 */
export {
  registerOfflineWorker,
  detectStandalone,
  OFFLINE_WORKER_URL,
  STANDALONE_MEDIA_QUERY,
  type OfflineWorkerOptions,
  type OfflineWorkerResult,
  type ServiceWorkerContainerLike,
} from './offline';
export type { ReadableStore } from '../internal/store';
