/**
 * The small platform seams shared by the client stores: a logger and a pair of timer functions.
 * Both are injected; the defaults below read `globalThis` only when called, never at import.
 */

/**
 * Where the client stores write what they only log (a failed integration check, an analytics
 * upload that was dropped, use of analytics before initialisation). `console` fits.
 *
 * @example
 * ```ts
 * import type { Logger } from '@matchkit/sdk/integrations';
 * const seen: string[] = [];
 * const logger: Logger = {
 *   warn: (message) => seen.push(`warn ${message}`),
 *   error: (message) => seen.push(`error ${message}`),
 * };
 * ```
 */
export interface Logger {
  /** Something went wrong but the store carried on (a retry is planned, a status was kept). */
  warn(message: string, ...details: unknown[]): void;
  /** Something was lost or misused (events dropped, analytics used before `init`). */
  error(message: string, ...details: unknown[]): void;
}

/**
 * The timer pair the stores use for delays (notification auto-close, analytics flush and retry
 * backoff, the click-tracking wait). The global `setTimeout`/`clearTimeout` fit; tests pass fakes
 * or wrappers.
 *
 * @example
 * ```ts
 * import type { StoreTimers } from '@matchkit/sdk/integrations';
 * const timers: StoreTimers = {
 *   setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
 *   clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
 * };
 * ```
 */
export interface StoreTimers {
  /** Calls `callback` once after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a pending callback; a handle that already fired or was cleared is ignored. */
  clearTimeout(handle: unknown): void;
}

/** The global console, looked up when a message is written (never at import). */
export function defaultLogger(): Logger {
  return {
    warn: (message, ...details) => globalThis.console?.warn(message, ...details),
    error: (message, ...details) => globalThis.console?.error(message, ...details),
  };
}

/** The global timers, looked up when a timer is set (never at import). */
export function defaultTimers(): StoreTimers {
  return {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
  };
}
