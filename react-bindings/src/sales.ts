import { useEffect, useMemo, useState } from 'react';
import type { Sale } from '@matchkit/sdk/model';
import { activeSale, saleCountdown, type Countdown, type InstantInput } from '@matchkit/sdk/sales';
import { useBrand } from './brand';

// Time is an input: the sale hooks take `now` and start no timer. The UI's clock is useNow, kept
// separate so that tests and server rendering pass a fixed instant.

function millis(now: InstantInput): number {
  return now instanceof Date ? now.getTime() : now;
}

/**
 * The brand's sale active at `now` (the sdk's `activeSale` over the sales of the nearest
 * `BrandProvider`), or `undefined` when no sale is running.
 *
 * @param now - the instant to test, a `Date` or epoch milliseconds (for example from
 * {@link useNow})
 * @returns the active sale, or `undefined`
 * @throws Error outside a `BrandProvider`; the sdk's validation error when `now` is not a valid
 * instant
 *
 * @example
 * ```tsx
 * import { useActiveSale, useNow } from '@matchkit/react';
 *
 * function SaleBanner() {
 *   const sale = useActiveSale(useNow(60_000));
 *   return sale ? <a href="/sale">{sale.salePageSections.title}</a> : null;
 * }
 * ```
 */
export function useActiveSale(now: InstantInput): Sale | undefined {
  const brand = useBrand();
  const t = millis(now);
  return useMemo(() => activeSale(brand, t), [brand, t]);
}

/**
 * The countdown to a sale's end at `now` (the sdk's `saleCountdown`): days, hours, minutes and
 * seconds left. Accepts `undefined` so that it can follow {@link useActiveSale} unconditionally.
 *
 * @param sale - the sale, or `undefined` when there is none
 * @param now - the instant to count from, a `Date` or epoch milliseconds
 * @returns the countdown, or `undefined` when `sale` is `undefined`
 * @throws the sdk's validation error when `now` is not a valid instant
 *
 * @example
 * ```tsx
 * import { useActiveSale, useNow, useSaleCountdown } from '@matchkit/react';
 *
 * function SaleCountdown() {
 *   const now = useNow(1000);
 *   const left = useSaleCountdown(useActiveSale(now), now);
 *   return left ? <p>{left.days}d {left.hours}h {left.minutes}m {left.seconds}s left</p> : null;
 * }
 * ```
 */
export function useSaleCountdown(sale: Sale | undefined, now: InstantInput): Countdown | undefined {
  const t = millis(now);
  return useMemo(() => (sale === undefined ? undefined : saleCountdown(sale, t)), [sale, t]);
}

/**
 * The UI's clock: the current time in epoch milliseconds, updated every `intervalMs` while the
 * component is mounted. The only hook of this package that sets a timer of its own (the stores
 * and the wagering simulation set theirs through the sdk); it is cleared on unmount or when the
 * interval or the clock changes.
 *
 * @param intervalMs - how often to tick, in milliseconds (a positive number)
 * @param clock - where the time comes from; inject a fake clock in tests
 * @returns the clock's value at the last tick
 * @throws RangeError when `intervalMs` is not a positive finite number
 *
 * @defaultValue `intervalMs` defaults to 1000 and `clock` to `Date.now`
 *
 * @example
 * ```tsx
 * import { useNow } from '@matchkit/react';
 *
 * function Clock() {
 *   const now = useNow(1000);
 *   return <time dateTime={new Date(now).toISOString()}>{new Date(now).toLocaleTimeString('en-GB')}</time>;
 * }
 * ```
 */
export function useNow(intervalMs = 1000, clock: () => number = Date.now): number {
  if (!(Number.isFinite(intervalMs) && intervalMs > 0)) {
    throw new RangeError(`useNow(intervalMs): intervalMs must be a positive number of milliseconds (got ${String(intervalMs)})`);
  }
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const id = setInterval(() => setNow(clock()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs, clock]);
  return now;
}
