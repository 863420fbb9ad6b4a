// How old a row's prices are, for the oddsmatcher's and the finders' tables. A real provider says
// when it last changed each price (`updatedAt`, an ISO instant); the simulated feed does not, and
// its rows keep the time the feed last changed them. The text ("40 s ago") is refreshed once a
// second straight in the DOM (every `[data-changed-at]` element under a root), without rendering
// the rows again.
import { useEffect, type RefObject } from 'react';
import type { FeedSnapshot } from '@matchkit/sdk/feed';

/** How long ago, for a row's prices: `12 s ago`, `3 min ago`, `2 h ago`. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  return `${Math.floor(m / 60)} h ago`;
}

/**
 * Refreshes the age text of every `[data-changed-at]` element (epoch ms) under `root` once a
 * second, against `now()` (the feed's clock now; null while there is none).
 */
export function useAgeTicker(root: RefObject<HTMLElement | null>, now: () => number | null): void {
  useEffect(() => {
    const tick = () => {
      const at = now();
      const box = root.current;
      if (box === null || at === null) return;
      for (const el of box.querySelectorAll<HTMLElement>('[data-changed-at]')) {
        const text = formatAge(at - Number(el.dataset['changedAt']));
        if (el.textContent !== text) el.textContent = text;
      }
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [root, now]);
}

/** When each price of a snapshot was last changed by its provider, for {@link rowPricesAt}. */
export interface PriceTimes {
  /** `bookmaker:selectionId` and `exchange:selectionId` (any places) to the provider's instant, epoch ms (the oldest of an exchange's markets). */
  readonly byKey: ReadonlyMap<string, number>;
}

/** The provider instants of a snapshot's prices; null when none has one (the simulated feed). */
export function priceTimes(snapshot: FeedSnapshot): PriceTimes | null {
  const byKey = new Map<string, number>();
  const note = (key: string, iso: string | undefined) => {
    if (iso === undefined) return;
    const at = Date.parse(iso);
    const before = byKey.get(key);
    if (before === undefined || at < before) byKey.set(key, at);
  };
  for (const p of snapshot.market.backPrices) note(`b|${p.bookmaker}|${p.selectionId}`, p.updatedAt);
  for (const p of snapshot.market.exchangePrices) note(`x|${p.exchange}|${p.selectionId}`, p.updatedAt);
  return byKey.size === 0 ? null : { byKey };
}

/**
 * When the oldest price a finder row was built from was last changed by its provider (epoch ms),
 * or null when none of its prices says. Every finder row names its prices the same way: an object
 * with a `selectionId` is priced at the `bookmaker` and `exchange` it or an enclosing object names
 * (a Lucky 15's `selections` under its `bookmaker`, an acca's `legs`). The oldest, because a row is
 * only as fresh as its stalest price.
 */
export function rowPricesAt(row: unknown, times: PriceTimes): number | null {
  let oldest: number | null = null;
  const visit = (value: unknown, bookmaker: unknown, exchange: unknown, depth: number) => {
    if (depth > 3 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, bookmaker, exchange, depth + 1);
      return;
    }
    const o = value as Record<string, unknown>;
    const b = typeof o['bookmaker'] === 'string' ? o['bookmaker'] : bookmaker;
    const x = typeof o['exchange'] === 'string' ? o['exchange'] : exchange;
    const selection = o['selectionId'];
    if (typeof selection === 'string') {
      for (const key of [`b|${String(b)}|${selection}`, `x|${String(x)}|${selection}`]) {
        const at = times.byKey.get(key);
        if (at !== undefined && (oldest === null || at < oldest)) oldest = at;
      }
    }
    for (const child of Object.values(o)) if (child !== null && typeof child === 'object') visit(child, b, x, depth + 1);
  };
  visit(row, undefined, undefined, 0);
  return oldest;
}
