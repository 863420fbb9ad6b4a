import { unknownOptions, type OptionKeys } from '../internal/keys';
import { ANALYTICS } from '../brands/common';
import type { Brand } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { defaultTimers, type StoreTimers } from '../internal/platform';
import type { Analytics } from './types';
import { isInt, isRecord } from '../internal/guards';

/**
 * Options of {@link createClickTracking}.
 *
 * @example
 * ```ts
 * import type { ClickTrackingOptions } from '@matchkit/sdk/analytics';
 * const options: ClickTrackingOptions = { delayMs: 300 };
 * ```
 */
export interface ClickTrackingOptions {
  /**
   * How long a tracked click holds navigation at most, ms.
   * @defaultValue the `brand` catalogue's `analytics.clickTrackingDelayMs`, else 500 (both reference catalogues)
   */
  readonly delayMs?: number | undefined;
  /** A catalogue (from `getBrand` or `defineBrand`) whose `analytics.clickTrackingDelayMs` is the default wait. */
  readonly brand?: Pick<Brand, 'analytics'> | undefined;
  /** The timer pair of the wait. @defaultValue the global `setTimeout` and `clearTimeout` */
  readonly timers?: StoreTimers | undefined;
}

/**
 * Click tracking for one analytics instance (see {@link createClickTracking}).
 *
 * @example
 * ```ts
 * import { createAnalytics, createClickTracking, type ClickTracking } from '@matchkit/sdk/analytics';
 * const clicks: ClickTracking = createClickTracking(createAnalytics());
 * void clicks.trackClick('offer_clicked', undefined, () => undefined); // not initialised: logged, navigates at once
 * ```
 */
export interface ClickTracking {
  /**
   * Records a click that leaves the page (through the instance's `track`), then calls `navigate`
   * once the upload finished or the wait (500 ms) ran out, whichever comes first. Navigates at
   * once when the instance is not running (before `init`, without a key, after `shutdown`).
   * An exception thrown by `navigate` rejects the returned promise.
   *
   * @throws MatchkitValidationError when `navigate` is not a function, or the event is malformed (as `track` does)
   */
  trackClick(eventType: string, properties: Readonly<Record<string, unknown>> | undefined, navigate: () => void): Promise<void>;
}

const CLICK_TRACKING_KEYS: OptionKeys<ClickTrackingOptions> = { delayMs: 0, brand: 0, timers: 0 };

/**
 * Click tracking (spec section 9: a tracked click waits 500 ms at most) as a piece of its own, so
 * an app that does not use it does not ship it.
 *
 * @param analytics - the instance that records the clicks (its `track`, `flush` and `getSnapshot`)
 * @param options - the wait and its timers; see {@link ClickTrackingOptions}
 * @throws MatchkitValidationError naming every bad option
 *
 * @example
 * ```ts dom
 * import { createAnalytics, createClickTracking } from '@matchkit/sdk/analytics';
 * const analytics = createAnalytics();
 * await analytics.init({ apiKey: 'YOUR_API_KEY' });
 * const clicks = createClickTracking(analytics);
 * for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-offer]')) {
 *   link.addEventListener('click', (e) => {
 *     e.preventDefault();
 *     void clicks.trackClick('offer_clicked', { offer: link.dataset.offer }, () => location.assign(link.href));
 *   });
 * }
 * ```
 */
export function createClickTracking(
  analytics: Pick<Analytics, 'track' | 'flush' | 'getSnapshot'>,
  options: ClickTrackingOptions = {},
): ClickTracking {
  const issues: ValidationIssue[] = [];
  const o: ClickTrackingOptions = isRecord(options) ? options : {};
  if (!isRecord(options)) issues.push({ path: 'options', message: 'must be an object' });
  if (typeof analytics?.track !== 'function' || typeof analytics.flush !== 'function' || typeof analytics.getSnapshot !== 'function') {
    issues.push({ path: 'analytics', message: 'must be an analytics instance (from createAnalytics)' });
  }
  const wait = o.delayMs ?? (o.brand?.analytics ?? ANALYTICS).clickTrackingDelayMs;
  if (!isInt(wait, 0)) issues.push({ path: 'delayMs', message: 'must be an integer of at least 0' });
  const timers = o.timers ?? defaultTimers();
  if (typeof timers?.setTimeout !== 'function' || typeof timers.clearTimeout !== 'function') {
    issues.push({ path: 'timers', message: 'must have setTimeout and clearTimeout functions' });
  }
  unknownOptions(options, CLICK_TRACKING_KEYS, issues);
  if (issues.length > 0) throw new MatchkitValidationError('click tracking options', issues);

  return {
    trackClick(eventType, properties, navigate) {
      if (typeof navigate !== 'function') {
        throw new MatchkitValidationError('tracked click', [{ path: 'navigate', message: 'must be a function' }]);
      }
      analytics.track(eventType, properties);
      const s = analytics.getSnapshot().status;
      if (s !== 'ready' && s !== 'initialising') {
        navigate();
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        let done = false;
        const go = (): void => {
          if (done) return;
          done = true;
          timers.clearTimeout(handle);
          try {
            navigate();
            resolve();
          } catch (error) {
            reject(error);
          }
        };
        const handle: unknown = timers.setTimeout(go, wait); // go runs later, after this line
        analytics.flush().then(go, go);
      });
    },
  };
}
