/**
 * Usage analytics: a pure session manager (timeout and campaign rules), campaign parsing, an
 * event queue capped at 65536 entries and persisted through an injected storage, an uploader in
 * Amplitude's wire format (Batch Event Upload API or HTTP V2 API) that retries 5xx, 429 and
 * network failures with backoff and keeps order; click tracking and network capture are pieces of
 * their own (`createClickTracking`, `createNetworkCapture`), shipped only when imported. Nothing
 * here touches window, document or navigator at import.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/analytics
 */
export { createAnalytics, ANALYTICS_MESSAGES } from './analytics';
export type {
  Analytics,
  AnalyticsInitOptions,
  AnalyticsPlatform,
  AnalyticsState,
  AnalyticsStatus,
  AnalyticsFetch,
  AnalyticsFetchResponse,
  TrackOptions,
  UploadOptions,
} from './types';
export {
  nextSession,
  parseCampaign,
  isNewCampaign,
  isDirectTraffic,
  restoreSessionState,
  CAMPAIGN_PARAMS,
  DEFAULT_SESSION_TIMEOUT_MS,
  type Campaign,
  type CampaignParam,
  type ParseCampaignOptions,
  type SessionEvent,
  type SessionOptions,
  type SessionStartReason,
  type SessionState,
  type SessionStep,
} from './session';
export {
  createEventQueue,
  DEFAULT_MAX_QUEUED_EVENTS,
  type EventQueue,
  type EventQueueOptions,
  type QueueOverflow,
  type QueuedEntry,
} from './queue';
export { createMemoryStorage, type KeyValueStorage } from './storage';
export { createClickTracking, type ClickTracking, type ClickTrackingOptions } from './click';
export type { AmplitudeEvent, AmplitudeUploadBody } from './amplitude';
export {
  redactHeaders,
  type RedactHeadersOptions,
  NEVER_RECORDED_HEADERS,
  DEFAULT_DENIED_HEADERS,
  type CapturedRequest,
  type HeadersInput,
  type NetworkCaptureOptions,
  createNetworkCapture,
  type NetworkCapture,
} from './network';
export type { Logger, StoreTimers } from '../internal/platform';
export type { ReadableStore } from '../internal/store';
