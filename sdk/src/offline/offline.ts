import { unknownOptions, type OptionKeys } from '../internal/keys';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';

/**
 * The service worker script's path (spec section 7: `GET /offline-worker.js`).
 *
 * @example
 * ```ts
 * import { OFFLINE_WORKER_URL } from '@matchkit/sdk/offline';
 * OFFLINE_WORKER_URL; // '/offline-worker.js'
 * ```
 */
export const OFFLINE_WORKER_URL = '/offline-worker.js';

/**
 * The media query of an installed app running in its own window.
 *
 * @example
 * ```ts
 * import { STANDALONE_MEDIA_QUERY } from '@matchkit/sdk/offline';
 * STANDALONE_MEDIA_QUERY; // '(display-mode: standalone)'
 * ```
 */
export const STANDALONE_MEDIA_QUERY = '(display-mode: standalone)';

/**
 * The part of `navigator.serviceWorker` that {@link registerOfflineWorker} uses.
 *
 * @example
 * ```ts dom
 * import type { ServiceWorkerContainerLike } from '@matchkit/sdk/offline';
 * const container: ServiceWorkerContainerLike = navigator.serviceWorker;
 * ```
 */
export interface ServiceWorkerContainerLike {
  /** Registers a service worker script (the DOM's `ServiceWorkerContainer.register`). */
  register(url: string, options?: { scope?: string }): Promise<unknown>;
}

/**
 * Options of {@link registerOfflineWorker}. Each browser object defaults to the global, read when
 * the function is called (never at import); pass `null` to say "not available".
 *
 * @example
 * ```ts
 * import { registerOfflineWorker, type OfflineWorkerOptions } from '@matchkit/sdk/offline';
 * const options: OfflineWorkerOptions = { url: '/offline-worker.js', scope: '/' };
 * await registerOfflineWorker(options);
 * ```
 */
export interface OfflineWorkerOptions {
  /** The service worker container. @defaultValue `navigator.serviceWorker` */
  readonly serviceWorker?: ServiceWorkerContainerLike | null | undefined;
  /** Evaluates a media query. @defaultValue `window.matchMedia` */
  readonly matchMedia?:
    | ((query: string) => {
        /** Whether the query matches now. */
        readonly matches: boolean;
      })
    | null
    | undefined;
  /** iOS Safari's `navigator.standalone` (true when launched from the home screen). @defaultValue `navigator.standalone` */
  readonly standalone?: boolean | null | undefined;
  /** The worker script. @defaultValue `'/offline-worker.js'` */
  readonly url?: string | undefined;
  /** The registration scope. @defaultValue the browser's (the script's directory) */
  readonly scope?: string | undefined;
}

/**
 * What {@link registerOfflineWorker} did.
 *
 * @example
 * ```ts
 * import type { OfflineWorkerResult } from '@matchkit/sdk/offline';
 * function describe(r: OfflineWorkerResult): string {
 *   return r.status === 'failed' ? `failed: ${String(r.error)}` : r.status;
 * }
 * ```
 */
export type OfflineWorkerResult =
  | {
      /** The worker was registered. */
      readonly status: 'registered';
      /** What the container's `register` resolved to (a `ServiceWorkerRegistration` in a browser). */
      readonly registration: unknown;
      /** How standalone mode was detected. */
      readonly detectedBy: 'display-mode' | 'ios-standalone';
    }
  | {
      /** Not an installed app in its own window: nothing registered. */
      readonly status: 'skipped-not-standalone';
    }
  | {
      /** Standalone, but there are no service workers here. */
      readonly status: 'unsupported';
    }
  | {
      /** `register` rejected or threw (or `matchMedia` threw). */
      readonly status: 'failed';
      /** Why. */
      readonly error: unknown;
    };

interface Globals {
  readonly navigator?: { readonly serviceWorker?: ServiceWorkerContainerLike; readonly standalone?: boolean };
  readonly matchMedia?: (query: string) => { readonly matches: boolean };
}

/**
 * How the app is displayed: `display-mode` when `(display-mode: standalone)` matches, `ios-standalone`
 * when iOS says it was launched from the home screen, `null` in a browser tab (or on a server).
 *
 * @param options - `matchMedia` and `standalone`, defaulting to the globals
 *
 * @example
 * ```ts
 * import { detectStandalone } from '@matchkit/sdk/offline';
 * detectStandalone({ matchMedia: () => ({ matches: true }) }); // 'display-mode'
 * detectStandalone({ matchMedia: null, standalone: null }); // null
 * ```
 */
export function detectStandalone(
  options: Pick<OfflineWorkerOptions, 'matchMedia' | 'standalone'> = {},
): 'display-mode' | 'ios-standalone' | null {
  const g = globalThis as Globals;
  const matchMedia =
    options.matchMedia === undefined ? (typeof g.matchMedia === 'function' ? g.matchMedia.bind(globalThis) : null) : options.matchMedia;
  if (matchMedia !== null && matchMedia(STANDALONE_MEDIA_QUERY).matches) return 'display-mode';
  const standalone = options.standalone === undefined ? g.navigator?.standalone : options.standalone;
  return standalone === true ? 'ios-standalone' : null;
}

const OFFLINE_WORKER_KEYS: OptionKeys<OfflineWorkerOptions> = { serviceWorker: 0, matchMedia: 0, standalone: 0, url: 0, scope: 0 };

/**
 * Registers the offline service worker (`/offline-worker.js`), but only when the app runs in
 * standalone display mode (installed, in its own window; spec section 7): in a browser tab it
 * does nothing. Standalone is checked first, then support. What the browser does never rejects:
 * the result says what happened (a failed registration, or a `matchMedia` that throws, is
 * `failed`). Bad options are a programmer error, not a browser outcome: they reject with a
 * MatchkitValidationError listing every bad field, before anything is read or registered.
 *
 * @param options - browser objects, script and scope; see {@link OfflineWorkerOptions}
 * @throws MatchkitValidationError (as a rejection) when `url` is empty, `serviceWorker` has no
 * `register`, `matchMedia` is not a function, `standalone` is not a boolean or `scope` not a string
 *
 * @example
 * ```ts
 * import { registerOfflineWorker } from '@matchkit/sdk/offline';
 * const result = await registerOfflineWorker();
 * if (result.status === 'failed') console.error(result.error);
 * ```
 */
export async function registerOfflineWorker(options: OfflineWorkerOptions = {}): Promise<OfflineWorkerResult> {
  const issues: ValidationIssue[] = [];
  const url = options.url ?? OFFLINE_WORKER_URL;
  if (typeof url !== 'string' || url.trim() === '') issues.push({ path: 'url', message: 'must be a non-empty string' });
  if (options.serviceWorker !== undefined && options.serviceWorker !== null && typeof options.serviceWorker.register !== 'function') {
    issues.push({ path: 'serviceWorker', message: 'must have a register function' });
  }
  if (options.matchMedia !== undefined && options.matchMedia !== null && typeof options.matchMedia !== 'function') {
    issues.push({ path: 'matchMedia', message: 'must be a function, or null when not available' });
  }
  if (options.standalone !== undefined && options.standalone !== null && typeof options.standalone !== 'boolean') {
    issues.push({ path: 'standalone', message: 'must be a boolean, or null when not available' });
  }
  if (options.scope !== undefined && typeof options.scope !== 'string') issues.push({ path: 'scope', message: 'must be a string' });
  unknownOptions(options, OFFLINE_WORKER_KEYS, issues);
  if (issues.length > 0) throw new MatchkitValidationError('offline worker options', issues);

  let detectedBy: 'display-mode' | 'ios-standalone' | null;
  try {
    detectedBy = detectStandalone(options);
  } catch (error) {
    return { status: 'failed', error }; // the browser's matchMedia threw
  }
  if (detectedBy === null) return { status: 'skipped-not-standalone' };
  const container =
    options.serviceWorker === undefined ? ((globalThis as Globals).navigator?.serviceWorker ?? null) : options.serviceWorker;
  if (container === null) return { status: 'unsupported' };
  try {
    const registration = await container.register(url, options.scope === undefined ? undefined : { scope: options.scope });
    return { status: 'registered', registration, detectedBy };
  } catch (error) {
    return { status: 'failed', error };
  }
}
