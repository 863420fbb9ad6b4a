// The whole market at a tick, and the step from one tick to the next (the patch).
import { type FeedPatch, type FeedSnapshot, type Keyed, compareKeys, mergeKeyed } from '@matchkit/sdk/feed';
import type { BackPrice, BetBuilderPrice, ExchangePrice, Market, SportEvent } from '@matchkit/sdk/matching';
import { type EventPlan, PREFIX } from './catalogue';
import type { Config } from './options';
import { footballPlan, golfPlan, racePlan } from './plans';
import { type Changed, type EventPrices, layoutOf, priceEvent } from './prices';
import { div } from './random';
import { type Slot, generationAt, slots } from './schedule';

export interface Collections {
  readonly events: Keyed<SportEvent>;
  readonly markets: Keyed<Market>;
  readonly backPrices: Keyed<BackPrice>;
  readonly exchangePrices: Keyed<ExchangePrice>;
  readonly betBuilders: Keyed<BetBuilderPrice>;
}

/** Everything the feed holds at a tick: per-slot prices (for the next step) and the canonical snapshot. */
export interface TickState {
  readonly seq: number;
  readonly slots: readonly EventPrices[];
  readonly sorted: Collections;
  readonly snapshot: FeedSnapshot;
}

export const COLLECTIONS = ['events', 'markets', 'backPrices', 'exchangePrices', 'betBuilders'] as const;

export function sortPairs<T>(keys: readonly string[], records: readonly T[]): { keys: string[]; records: T[] } {
  const order = keys.map((_, i) => i).sort((a, b) => compareKeys(keys[a] as string, keys[b] as string));
  return { keys: order.map((i) => keys[i] as string), records: order.map((i) => records[i] as T) };
}

/**
 * The snapshot of `sorted`, whose record arrays it freezes and shares: a step never changes them,
 * it copies them ({@link mergeTick}).
 */
export function freezeSnapshot(seq: number, at: number, sorted: Collections): FeedSnapshot {
  return Object.freeze({
    seq,
    at,
    simulated: true,
    market: Object.freeze({
      events: Object.freeze(sorted.events.records),
      markets: Object.freeze(sorted.markets.records),
      backPrices: Object.freeze(sorted.backPrices.records),
      exchangePrices: Object.freeze(sorted.exchangePrices.records),
      betBuilders: Object.freeze(sorted.betBuilders.records),
    }),
  });
}

/** Where `key` is in `keys` (ascending), or −1. */
function indexOfKey(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo < keys.length && keys[lo] === key ? lo : -1;
}

/**
 * {@link mergeKeyed}, faster for a tick that only replaces records (no key removed or new, most
 * ticks): the keys stay the same array, the records a copy with the replaced ones put in place;
 * `current` itself when the tick changes nothing of it.
 */
export function mergeTick<T>(current: Keyed<T>, upserts: Keyed<T>, removes: readonly string[]): Keyed<T> {
  // Nothing of this collection changed: the same arrays, so a reader can tell it stood (the server
  // indexes events and markets again only when theirs are new arrays).
  if (removes.length === 0 && upserts.keys.length === 0) return current;
  if (removes.length === 0) {
    // Array.from, not slice: V8 copies a frozen array (the last snapshot's) with slice 9x slower.
    const records = Array.from(current.records);
    let replacedAll = true;
    for (let j = 0; j < upserts.keys.length && replacedAll; j++) {
      const at = indexOfKey(current.keys, upserts.keys[j] as string);
      if (at < 0) replacedAll = false;
      else records[at] = upserts.records[j] as T;
    }
    if (replacedAll) return { keys: current.keys, records };
  }
  return mergeKeyed(current, upserts, new Set(removes));
}

export class Simulation {
  private readonly slots: readonly Slot[];

  constructor(readonly config: Config) {
    this.slots = slots(config);
  }

  at(seq: number): number {
    return this.config.origin + seq * this.config.intervalMs;
  }

  /** The plan of a slot at an instant, reusing `known` when it is the same generation. */
  private planAt(slot: Slot, t: number, known: EventPlan | undefined): EventPlan {
    const { g, startMinute } = generationAt(slot, div(t, 60_000));
    const id = `${PREFIX[slot.sport]}-${slot.index}-${g}`;
    if (known !== undefined && known.event.id === id) return known;
    const startMs = startMinute * 60_000;
    const startsAt = new Date(startMs).toISOString();
    const seed = this.config.seed;
    if (slot.sport === 'football') return footballPlan(seed, slot, g, id, startsAt);
    if (slot.sport === 'golf') return golfPlan(seed, slot, g, id, startsAt);
    return racePlan(seed, slot, g, id, startMs, startsAt);
  }

  /** The state at a tick, from nothing. */
  state(seq: number): TickState {
    const t = this.at(seq);
    const priced = this.slots.map((slot) => priceEvent(this.config.seed, this.planAt(slot, t, undefined), t, undefined, undefined));
    const all = {
      events: { keys: [] as string[], records: [] as SportEvent[] },
      markets: { keys: [] as string[], records: [] as Market[] },
      backPrices: { keys: [] as string[], records: [] as BackPrice[] },
      exchangePrices: { keys: [] as string[], records: [] as ExchangePrice[] },
      betBuilders: { keys: [] as string[], records: [] as BetBuilderPrice[] },
    };
    for (const p of priced) {
      const layout = layoutOf(p.plan);
      all.events.keys.push(p.plan.event.id);
      all.events.records.push(p.plan.event);
      all.markets.keys.push(...layout.marketIds);
      all.markets.records.push(...p.plan.markets.map((m) => m.market));
      all.backPrices.keys.push(...layout.backKeys);
      all.backPrices.records.push(...p.backPrices);
      all.exchangePrices.keys.push(...layout.exchangeKeys);
      all.exchangePrices.records.push(...p.exchangePrices);
      all.betBuilders.keys.push(...layout.builderKeys);
      all.betBuilders.records.push(...p.betBuilders);
    }
    const sorted: Collections = {
      events: sortPairs(all.events.keys, all.events.records),
      markets: sortPairs(all.markets.keys, all.markets.records),
      backPrices: sortPairs(all.backPrices.keys, all.backPrices.records),
      exchangePrices: sortPairs(all.exchangePrices.keys, all.exchangePrices.records),
      betBuilders: sortPairs(all.betBuilders.keys, all.betBuilders.records),
    };
    return { seq, slots: priced, sorted, snapshot: freezeSnapshot(seq, t, sorted) };
  }

  /** The state one tick on, and the patch that leads there (only what changed). */
  step(state: TickState): { state: TickState; patch: FeedPatch } {
    const seq = state.seq + 1;
    const t = this.at(seq);
    const up = {
      events: { keys: [] as string[], records: [] as SportEvent[] },
      markets: { keys: [] as string[], records: [] as Market[] },
      backPrices: { keys: [] as string[], records: [] as BackPrice[] },
      exchangePrices: { keys: [] as string[], records: [] as ExchangePrice[] },
      betBuilders: { keys: [] as string[], records: [] as BetBuilderPrice[] },
    };
    const gone = {
      events: [] as string[],
      markets: [] as string[],
      backPrices: [] as string[],
      exchangePrices: [] as string[],
      betBuilders: [] as string[],
    };
    const slots = this.slots.map((slot, s) => {
      const before = state.slots[s] as EventPrices;
      const plan = this.planAt(slot, t, before.plan);
      const layout = layoutOf(plan);
      if (plan === before.plan) {
        const changed: Changed = { exchangePrices: [], backPrices: [], betBuilders: [] };
        const next = priceEvent(this.config.seed, plan, t, before, changed);
        for (const i of changed.exchangePrices) {
          up.exchangePrices.keys.push(layout.exchangeKeys[i] as string);
          up.exchangePrices.records.push(next.exchangePrices[i] as ExchangePrice);
        }
        for (const i of changed.backPrices) {
          up.backPrices.keys.push(layout.backKeys[i] as string);
          up.backPrices.records.push(next.backPrices[i] as BackPrice);
        }
        for (const i of changed.betBuilders) {
          up.betBuilders.keys.push(layout.builderKeys[i] as string);
          up.betBuilders.records.push(next.betBuilders[i] as BetBuilderPrice);
        }
        return next;
      }
      // The event started: it goes, with its markets and prices, and the slot's next event comes.
      const old = layoutOf(before.plan);
      gone.events.push(before.plan.event.id);
      gone.markets.push(...old.marketIds);
      gone.backPrices.push(...old.backKeys);
      gone.exchangePrices.push(...old.exchangeKeys);
      gone.betBuilders.push(...old.builderKeys);
      const next = priceEvent(this.config.seed, plan, t, undefined, undefined);
      up.events.keys.push(plan.event.id);
      up.events.records.push(plan.event);
      up.markets.keys.push(...layout.marketIds);
      up.markets.records.push(...plan.markets.map((m) => m.market));
      up.backPrices.keys.push(...layout.backKeys);
      up.backPrices.records.push(...next.backPrices);
      up.exchangePrices.keys.push(...layout.exchangeKeys);
      up.exchangePrices.records.push(...next.exchangePrices);
      up.betBuilders.keys.push(...layout.builderKeys);
      up.betBuilders.records.push(...next.betBuilders);
      return next;
    });
    const upserts = {} as Record<(typeof COLLECTIONS)[number], { keys: string[]; records: unknown[] }>;
    const sorted = {} as Record<(typeof COLLECTIONS)[number], Keyed<unknown>>;
    for (const c of COLLECTIONS) {
      upserts[c] = sortPairs<unknown>(up[c].keys, up[c].records);
      gone[c].sort(compareKeys);
      sorted[c] = mergeTick<unknown>(state.sorted[c], upserts[c], gone[c]);
    }
    const patch: FeedPatch = Object.freeze({
      seq,
      at: t,
      upserts: Object.freeze({
        events: Object.freeze(upserts.events.records as SportEvent[]),
        markets: Object.freeze(upserts.markets.records as Market[]),
        backPrices: Object.freeze(upserts.backPrices.records as BackPrice[]),
        exchangePrices: Object.freeze(upserts.exchangePrices.records as ExchangePrice[]),
        betBuilders: Object.freeze(upserts.betBuilders.records as BetBuilderPrice[]),
      }),
      removes: Object.freeze({
        events: Object.freeze(gone.events),
        markets: Object.freeze(gone.markets),
        backPrices: Object.freeze(gone.backPrices),
        exchangePrices: Object.freeze(gone.exchangePrices),
        betBuilders: Object.freeze(gone.betBuilders),
      }),
    });
    const collections = sorted as unknown as Collections;
    return { state: { seq, slots, sorted: collections, snapshot: freezeSnapshot(seq, t, collections) }, patch };
  }
}
