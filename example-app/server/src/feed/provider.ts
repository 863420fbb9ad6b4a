// A real odds provider behind the feed: what one provider (an odds aggregator polled over HTTP, an
// exchange's stream) currently knows, in its own names and ids, before it is matched with the other
// providers' books and turned into the feed's snapshot (combine.ts). Every price carries the instant
// the provider last changed it, so the feed can show its age and drop it once stale.
//
// A provider never invents a price: an event, market or runner it has not heard of is absent, and a
// price it has stopped quoting is removed from its next book.

import type { FeedProviderHealth } from '@matchkit/app-contract/feed';

/** A provider's key: a lower-case feed key (`odds-api`, `betfair`), the `source` of its prices. */
export type ProviderId = string;

/** A bookmaker's back price on one runner, as the provider reported it. */
export interface ProviderBackPrice {
  /** The bookmaker, a lower-case feed key (`bet-co`), mapped from the provider's own key. */
  readonly bookmaker: string;
  /** Decimal odds. */
  readonly odds: number;
  /** Each-way terms, when the provider states them. */
  readonly eachWay?: { readonly places: number; readonly placeFraction: number };
  /** When the provider last changed this price, epoch milliseconds. */
  readonly updatedAt: number;
}

/** One side of an exchange's book at its best price. */
export interface ProviderQuote {
  /** Best decimal odds on this side. */
  readonly odds: number;
  /** Money available at those odds, integer pence. */
  readonly liquidity: number;
}

/** An exchange's best back and lay on one runner, as the provider reported them. */
export interface ProviderExchangePrice {
  /** The exchange, a lower-case feed key (`betfair`, `smarkets`, `matchbook`). */
  readonly exchange: string;
  /** Best back, or null when none is offered. */
  readonly back: ProviderQuote | null;
  /** Best lay, or null when none is offered. */
  readonly lay: ProviderQuote | null;
  /** Commission on net winnings, a fraction in [0, 1) (the exchange's published base rate). */
  readonly commission: number;
  /** When the provider last changed this price, epoch milliseconds. */
  readonly updatedAt: number;
}

/** A runner (selection) of a provider's market with its prices. */
export interface ProviderRunner {
  /** The provider's id of the runner (unique within its market). */
  readonly key: string;
  /** Display name as the provider spells it (`Arsenal`, `The Draw`, `Draw`). */
  readonly name: string;
  /** Bookmakers' back prices. */
  readonly back: readonly ProviderBackPrice[];
  /** Exchanges' prices. */
  readonly exchange: readonly ProviderExchangePrice[];
}

/** A market of a provider's event. */
export interface ProviderMarket {
  /** The provider's id of the market (unique within its event). */
  readonly key: string;
  /** The feed's market type key (`match-odds`, `win`); the provider's own type mapped onto it. */
  readonly type: string;
  /** Display name (`Match Odds`). */
  readonly name: string;
  /** For an exchange place (top-N) market: the N it settles on. Absent for a win market. */
  readonly places?: number;
  /** Runners with their prices. */
  readonly runners: readonly ProviderRunner[];
}

/** An event as one provider knows it. */
export interface ProviderEvent {
  /** The provider's id of the event. */
  readonly key: string;
  /** Sport, a lower-case feed key (`football`, `tennis`, `horse-racing`). */
  readonly sport: string;
  /** Competition or meeting, when the provider names it. */
  readonly competition?: string;
  /** Display name (`Arsenal v Tottenham Hotspur`). */
  readonly name: string;
  /** The sides in order (home first), when the event has two; empty for races and outrights. */
  readonly participants: readonly string[];
  /** Scheduled start, epoch milliseconds. */
  readonly startsAt: number;
  /** Markets with their runners and prices. */
  readonly markets: readonly ProviderMarket[];
  /**
   * For a polled provider: when a poll last confirmed this event's prices (epoch ms, the answer that
   * returned them), which is how fresh they are, whatever their `updatedAt` (when the provider last
   * saw them change, the age members see). Absent for a provider that sends every change (a stream).
   */
  readonly confirmedAt?: number;
}

/** Everything one provider currently knows. */
export interface ProviderBook {
  /** The provider. */
  readonly provider: ProviderId;
  /** Its events. */
  readonly events: readonly ProviderEvent[];
  /**
   * For a polled provider: its current pace, ms until its next poll as scheduled when it sent this
   * book. The feed judges it down after two missed polls, not after the stale age.
   */
  readonly pollIntervalMs?: number;
}

/** How a provider is doing (the feed contract's type: the feed reports its providers' health). */
export type ProviderHealth = FeedProviderHealth;

/** A running provider: started once, stopped once. */
export interface OddsProvider {
  /** Its key (the `source` of its prices). */
  readonly id: ProviderId;
  /** Starts polling or streaming; `onBook` is called with the whole current book after each change. */
  start(onBook: (book: ProviderBook) => void): void;
  /** Stops and releases every timer and socket. */
  stop(): Promise<void>;
  /** Its health now. */
  health(): ProviderHealth;
}
