/**
 * The store of the member's external integration statuses (exchange accounts and the like):
 * rechecked when the window regains focus, unchanged when the check answers with its error flag,
 * network failures only logged, overlapping checks shared. Also the small platform seams
 * (logger, timers) that every client store takes.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/integrations
 */
export {
  createIntegrationsStore,
  browserFocusSource,
  type BrowserFocusSourceOptions,
  type FocusEventTarget,
  type FocusSource,
  type IntegrationsState,
  type IntegrationsStore,
  type IntegrationsStoreOptions,
  type VisibilityEventTarget,
} from './integrations';
export type { IntegrationsCheck, IntegrationStatusMap } from '../model/schemas';
export type { Logger, StoreTimers } from '../internal/platform';
export type { ReadableStore } from '../internal/store';
