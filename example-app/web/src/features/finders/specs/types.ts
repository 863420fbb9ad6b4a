// The description of a finder tool's page (FinderPage reads it): what it runs, filters, shows and records.
import type { ReactNode } from 'react';
import type { EntitledUser } from '@matchkit/sdk/model';
import type { ExchangePrice, FinderResult, MarketIndex } from '@matchkit/sdk/matching';
import type { NewTrackedBet } from '@matchkit/sdk/tracker';
import type { AdvancedCalculatorLink, CalculatorLink } from '../../../app/paths';

/** What every engine call is given besides the tool's own filters. */
export interface FinderRunContext {
  readonly market: MarketIndex;
  /** The stake the money figures are for, pence. */
  readonly stake: number;
  /** How many rows the engine returns. */
  readonly limit: number;
  /** The bookmaker chosen ('' for all). */
  readonly bookmaker: string;
  /** The member's exchange settings (only enabled exchanges are laid at). */
  readonly exchangeSettings: Readonly<Record<string, boolean>>;
  /** The member (provider-dependent tools: 2UP, extra places). */
  readonly user: EntitledUser;
  /** Exchange prices at an earlier moment (the steam chaser's baseline). */
  readonly earlier: readonly ExchangePrice[];
  /** The feed time of the prices, epoch milliseconds. */
  readonly at: number;
}

/** The tool's own filter values, parsed: numbers (pence for money, fractions for percent) or strings. */
export type FilterValues = Readonly<Record<string, string | number | undefined>>;

/** One filter of a tool beyond stake, bookmaker and row count. */
export interface FinderFilter {
  /** Its URL parameter and its key in {@link FilterValues}. */
  readonly key: string;
  readonly label: string;
  /** `money`: pounds in the field, pence to the engine; `percent`: percent in the field, a fraction to the engine. */
  readonly kind: 'number' | 'money' | 'percent' | 'select';
  /** The value in the field when the URL has none ('' for none). */
  readonly initial: string;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly hint?: string;
  /** The engine's issue paths that belong to this field (its validation messages show next to it). */
  readonly paths: readonly string[];
  /** Shown only when this holds of the other values. */
  readonly when?: (values: FilterValues) => boolean;
}

export interface FinderColumn<Row> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** The value to sort by; a column without one is not sortable. */
  readonly sort?: (row: Row) => number;
  /** Right-aligned figures. */
  readonly numeric?: boolean;
}

export interface FinderSpec<Row> {
  /** What the stake is, when it is not the whole bet's. @defaultValue 'Stake (£)' */
  readonly stakeLabel?: string;
  /** The offer is at one bookmaker: the bookmaker field has no "all" choice and is the engine's `offer.bookmaker`. */
  readonly offerBookmaker?: boolean;
  readonly filters: readonly FinderFilter[];
  readonly run: (ctx: FinderRunContext, values: FilterValues) => FinderResult<Row>;
  readonly key: (row: Row) => string;
  /** The row as a phrase for its buttons' names ("Arsenal at alder-bet"). */
  readonly label: (row: Row) => string;
  readonly columns: readonly FinderColumn<Row>[];
  /** The column the engine ranks by (the table's first order). */
  readonly rankColumn: string;
  /** The calculator for the row's bet, filled in: the standard back/lay calculator, or the advanced calculator of an each-way, extra place, acca or no-lay bet. */
  readonly calculator: (row: Row, ctx: FinderRunContext, values: FilterValues) => CalculatorLink | AdvancedCalculatorLink;
  /** The bet "add to profit tracker" records (with the tool's tracker source); absent: a bet the tracker's legs cannot describe, recorded by hand. */
  readonly bet?: (row: Row, source: string, ctx: FinderRunContext, values: FilterValues) => NewTrackedBet;
}

/** A tool's description with its row type forgotten (the page handles rows only through the description). */
export type AnyFinderSpec = FinderSpec<unknown>;
