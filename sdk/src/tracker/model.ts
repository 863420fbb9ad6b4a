// The tracked-bet model of the profit tracker: the types, and the one validator every tracker
// function runs on its input (it names the field of every bad value and throws them all at once).
import { resolveBrand } from '../brands/brands';
import type { BrandRef } from '../brands/schema';
import { MAX_ODDS } from '../calculators/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import type { Pence, ProfitType } from '../model/schemas';
import type { InstantInput } from '../sales/sales';
import { bookAccount } from './accounts';
import { anything, fields, instant, list, number, oneOf, pence, text, unless, type Entry, type FieldRule } from './fields';

/**
 * Where a tracked bet stands. `open`: placed, not settled (its `expectedProfit` counts as pending
 * profit). `settled`: every leg has a result and `settledProfit` is final. `void`: cancelled as a
 * whole; it counts for nothing in any total.
 *
 * @example
 * ```ts
 * import type { BetStatus } from '@matchkit/sdk/tracker';
 * const status: BetStatus = 'open';
 * ```
 */
export type BetStatus = 'open' | 'settled' | 'void';

/**
 * Which bet of an offer a leg belongs to. `qualifying`: the cash bet (a qualifier, a value bet, a
 * no-lay bet) and the lays that hedge it. `free-bet`: the free bet the offer paid and its lays.
 *
 * @example
 * ```ts
 * import type { LegRole } from '@matchkit/sdk/tracker';
 * const role: LegRole = 'free-bet';
 * ```
 */
export type LegRole = 'qualifying' | 'free-bet';

/**
 * The side of a leg: `back` (the selection to win, usually at a bookmaker) or `lay` (the
 * selection not to win, at an exchange).
 *
 * @example
 * ```ts
 * import type { LegSide } from '@matchkit/sdk/tracker';
 * const side: LegSide = 'lay';
 * ```
 */
export type LegSide = 'back' | 'lay';

/**
 * The result of one leg, for that leg (not for the selection): a lay leg `won` when its selection
 * lost. `pending` until known; `void` returns the stake (0 profit). Results need not be opposite
 * (an extra place can win both the bookmaker's place back and the exchange's place lay), but in a
 * role with one back, the back and every lay cannot all lose (an acca's lays: one per leg), nor
 * the back and a lay both win on a `guaranteed` bet:
 * {@link settleBet}, {@link parseBet} and the CSV import refuse those, naming both legs.
 *
 * @example
 * ```ts
 * import type { LegResult } from '@matchkit/sdk/tracker';
 * const result: LegResult = 'won';
 * ```
 */
export type LegResult = 'pending' | 'won' | 'lost' | 'void';

/**
 * The kind of free bet of a `free-bet` back leg: `snr` (stake not returned: only winnings are
 * paid) or `sr` (stake returned with the winnings).
 *
 * @example
 * ```ts
 * import type { FreeBetKind } from '@matchkit/sdk/tracker';
 * const kind: FreeBetKind = 'snr';
 * ```
 */
export type FreeBetKind = 'snr' | 'sr';

/**
 * One leg of a tracked bet as recorded: a back or a lay at one account. Stakes are integer pence,
 * odds decimal, commission a fraction in [0, 1) charged on the leg's winnings.
 *
 * @example
 * ```ts
 * import type { TrackedLegInput } from '@matchkit/sdk/tracker';
 * const lay: TrackedLegInput = { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' };
 * ```
 */
export interface TrackedLegInput {
  /** The bet of the offer this leg belongs to. */
  readonly role: LegRole;
  /** Back or lay. */
  readonly side: LegSide;
  /**
   * The bookmaker or exchange account the leg was placed at (a name of the member's books; at most
   * 100 characters), matched by {@link bookAccount}'s key: `Smarkets` and `smarkets` are one exchange.
   */
  readonly account: string;
  /** Decimal odds, greater than 1 and at most 1e6. */
  readonly odds: number;
  /**
   * The stake in integer pence (for a free-bet back, the free bet's amount), from 0 to 1e11; its
   * winnings or liability, stake × (odds − 1), must not exceed 1e11 either ({@link MAX_PENCE}).
   */
  readonly stake: Pence;
  /**
   * Commission on the leg's winnings, a fraction in [0, 1); on the net winnings of its group when
   * the leg has a `market` key (every leg of a group has the same rate).
   * @defaultValue 0
   */
  readonly commission?: number;
  /**
   * The kind of free bet; only on a `free-bet` back leg.
   * @defaultValue 'snr' on a free-bet back leg
   */
  readonly freeBet?: FreeBetKind | null;
  /** The leg's own result. */
  readonly result: LegResult;
  /**
   * The exchange market the leg is in, as a short key of the member's choosing (`match-odds`,
   * `win`, `place`), at most 100 characters; it names one market of one event. Legs of one bet
   * with the same `role`, at the same `account`, with the same key are netted: the exchange charges
   * commission on the group's net winnings (the group's one commission rate × max(0, the sum of
   * their profits before commission)). A leg without a key (or with an empty one) is a group of its
   * own, and legs of different roles are never netted (a free bet is usually on another market).
   * Give the legs of one market the same key, and legs of different markets (an each-way bet's win
   * and place lays) different keys. Netting happens only within one bet.
   * @defaultValue null (no key: commission on the leg's own winnings)
   */
  readonly market?: string | null;
}

/**
 * A leg as the tracker keeps it: {@link TrackedLegInput} with every default filled in
 * (`freeBet` is `null` on every leg but a free-bet back).
 *
 * @example
 * ```ts
 * import type { TrackedLeg } from '@matchkit/sdk/tracker';
 * const stakeOf = (leg: TrackedLeg) => leg.stake;
 * ```
 */
export interface TrackedLeg {
  /** The bet of the offer this leg belongs to. */
  readonly role: LegRole;
  /** Back or lay. */
  readonly side: LegSide;
  /** The bookmaker or exchange account. */
  readonly account: string;
  /** Decimal odds. */
  readonly odds: number;
  /** The stake in integer pence. */
  readonly stake: Pence;
  /** Commission on winnings, a fraction in [0, 1). */
  readonly commission: number;
  /** The free bet's kind on a free-bet back leg, else null. */
  readonly freeBet: FreeBetKind | null;
  /** The leg's own result. */
  readonly result: LegResult;
  /** The exchange market key the leg is netted in, or null (a group of its own). */
  readonly market: string | null;
}

/**
 * A tracked bet as recorded (by hand, from a tool, or from a CSV import). Instants are `Date`s or
 * epoch milliseconds; money is integer pence.
 *
 * @example
 * ```ts
 * import type { TrackedBetInput } from '@matchkit/sdk/tracker';
 * const bet: TrackedBetInput = {
 *   id: 'b1', source: 'oddsmatcher', profitType: 'guaranteed', status: 'open',
 *   event: 'Arsenal v Spurs', market: 'Match Odds', selection: 'Arsenal',
 *   legs: [
 *     { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
 *     { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
 *   ],
 *   expectedProfit: -75, placedAt: Date.UTC(2025, 7, 11, 12),
 * };
 * ```
 */
export interface TrackedBetInput {
  /** The bet's id, unique among the member's bets (non-empty, at most 100 characters). */
  readonly id: string;
  /** The tool the bet came from (a tool's `profitTrackerSource` in the brand catalogue) or `manual`. */
  readonly source: string;
  /** The kind of profit. */
  readonly profitType: ProfitType;
  /** Where the bet stands. `settled` needs a leg that is not void (a bet whose every leg is void is `void`). */
  readonly status: BetStatus;
  /** The event, for example `Arsenal v Spurs` (may be empty; at most 200 characters). */
  readonly event: string;
  /** The market, for example `Match Odds` (may be empty; at most 200 characters). */
  readonly market: string;
  /** The selection, for example `Arsenal` (may be empty; at most 200 characters). */
  readonly selection: string;
  /** The legs, 1 to 100, in the order the member placed them. A lay needs a back of its role. */
  readonly legs: readonly TrackedLegInput[];
  /** The profit expected when the bet was placed, in signed integer pence (a qualifying loss is negative). */
  readonly expectedProfit: Pence;
  /** When the bet was placed, from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (as every instant of the tracker). */
  readonly placedAt: InstantInput;
  /** When it was settled or voided: required when settled, absent while open. */
  readonly settledAt?: InstantInput | null;
  /** When given on a settled bet, must equal what the legs' results settle to ({@link settleBet}). */
  readonly settledProfit?: Pence | null;
  /** A free note (at most 2000 characters); an empty note is kept as null. */
  readonly note?: string | null;
}

/**
 * A tracked bet as the tracker keeps it: validated, instants as epoch milliseconds, defaults
 * filled in, `settledProfit` computed from the legs (null unless settled), frozen.
 *
 * @example
 * ```ts
 * import type { TrackedBet } from '@matchkit/sdk/tracker';
 * const isOpen = (bet: TrackedBet) => bet.status === 'open';
 * ```
 */
export interface TrackedBet {
  /** The bet's id. */
  readonly id: string;
  /** The tool the bet came from, or `manual`. */
  readonly source: string;
  /** The kind of profit. */
  readonly profitType: ProfitType;
  /** Where the bet stands. */
  readonly status: BetStatus;
  /** The event. */
  readonly event: string;
  /** The market. */
  readonly market: string;
  /** The selection. */
  readonly selection: string;
  /** The legs. */
  readonly legs: readonly TrackedLeg[];
  /** The profit expected when placed, in signed integer pence. */
  readonly expectedProfit: Pence;
  /** When the bet was placed, in epoch milliseconds. */
  readonly placedAt: number;
  /** When it was settled or voided, in epoch milliseconds, or null. */
  readonly settledAt: number | null;
  /** The settled profit in signed integer pence; null while open or when void. */
  readonly settledProfit: Pence | null;
  /** The note, or null. */
  readonly note: string | null;
}

/** The profit types, in the catalogue's order. */
export const PROFIT_TYPES: readonly ProfitType[] = ['guaranteed', 'potential', 'training', 'ev'];
const STATUSES: readonly BetStatus[] = ['open', 'settled', 'void'];
const ROLES: readonly LegRole[] = ['qualifying', 'free-bet'];
const SIDES: readonly LegSide[] = ['back', 'lay'];
const RESULTS: readonly LegResult[] = ['pending', 'won', 'lost', 'void'];
const FREE_BETS: readonly FreeBetKind[] = ['snr', 'sr'];

/**
 * The largest stake, amount or profit the tracker accepts, in pence: £1bn. Bigger values are
 * rejected, and so is a leg whose winnings or liability, stake × (odds − 1), is bigger. A bet's
 * settled profit is then at most 100 legs × 2 × 1e11 pence in size, and every total the tracker
 * adds up is checked to stay a safe integer (below 2^53 pence, about £90 trillion): a total that
 * would not throws a MatchkitValidationError rather than return an inexact sum.
 *
 * @example
 * ```ts
 * import { MAX_PENCE } from '@matchkit/sdk/tracker';
 * MAX_PENCE; // 100000000000
 * ```
 */
export const MAX_PENCE = 1e11;

/** Text limits of the tracker, in characters (the server stores these fields). */
export const TEXT_LIMITS = {
  id: 100,
  source: 100,
  account: 100,
  event: 200,
  market: 200,
  selection: 200,
  note: 2000,
  legMarket: 100,
} as const;

/**
 * Adds two pence amounts, throwing when the sum is not a safe integer (an inexact total): every
 * total of the tracker is added up with it.
 */
export function addPence(a: number, b: number, subject: string): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) {
    throw new MatchkitValidationError(subject, [
      { path: '', message: 'the totals exceed 2^53 - 1 pence and cannot be added up exactly; total fewer bets at a time' },
    ]);
  }
  return sum;
}

/** The largest settled profit of a bet in size: 100 legs, each winning at most 2 × MAX_PENCE (a stake-returned free bet). */
const MAX_SETTLED = 100 * 2 * MAX_PENCE;

/** An amount in integer pence, from 0 to {@link MAX_PENCE}. */
export const amountSchema = /* @__PURE__ */ pence(false, MAX_PENCE);
/** A profit in signed integer pence, at most {@link MAX_PENCE} in size. */
export const profitSchema = /* @__PURE__ */ pence(true, MAX_PENCE);
const FREE_BET = /* @__PURE__ */ oneOf(FREE_BETS);

/**
 * A leg, field by field (any other key is refused: a misspelled `comission` must not read as 0).
 * An unknown role or side is read as the first of its kind, as the rules below see it.
 */
const legSchema = /* @__PURE__ */ fields<TrackedLeg>(
  {
    role: [oneOf(ROLES), 'qualifying'],
    side: [oneOf(SIDES), 'back'],
    account: [text(true, TEXT_LIMITS.account), ''],
    odds: [number(1, MAX_ODDS, 1), NaN],
    stake: [amountSchema, 0],
    market: [unless(text(false, TEXT_LIMITS.legMarket), null, undefined, null, ''), ''],
    commission: [unless(number(0, 1, 2, 'commission'), 0, undefined), NaN],
    result: [oneOf(RESULTS), 'pending'],
    freeBet: [anything, null],
  },
  {
    what: 'a field of a tracked leg',
    rules: {
      stake: (x, t) => {
        const risk = (x.stake as number) * ((x.odds as number) - 1);
        if (risk > MAX_PENCE)
          t.report(
            `with odds ${x.odds as number}, puts stake × (odds − 1) = ${risk} pence at risk or to win; it must be at most ${MAX_PENCE}`,
            'stake',
          );
      },
      freeBet: (x, t) => {
        const given = x.freeBet; // as given (the field reads anything)
        if (x.role === 'free-bet' && x.side === 'back')
          x.freeBet = given === null || given === undefined ? 'snr' : t.read(FREE_BET, given, 'snr', 'freeBet');
        else {
          x.freeBet = null;
          if (given !== undefined && given !== null) t.report('is only allowed on a free-bet back leg', 'freeBet');
        }
      },
    },
  },
);

const BET_FIELDS: Readonly<Record<string, Entry>> = {
  id: [text(true, TEXT_LIMITS.id), ''],
  source: [text(true, TEXT_LIMITS.source), ''],
  profitType: [oneOf(PROFIT_TYPES), 'guaranteed'],
  status: [oneOf(STATUSES), 'open'],
  event: [text(false, TEXT_LIMITS.event), ''],
  market: [text(false, TEXT_LIMITS.market), ''],
  selection: [text(false, TEXT_LIMITS.selection), ''],
  legs: [list(legSchema, 1, 100), []],
  expectedProfit: [profitSchema, 0],
  placedAt: [instant, NaN],
  settledAt: [unless(instant, null, undefined, null), NaN],
  settledProfit: [anything, null],
  note: [unless(text(false, TEXT_LIMITS.note), null, undefined, null, ''), ''],
};
const SETTLED_PROFIT = /* @__PURE__ */ pence(true, MAX_SETTLED);

/** When a bet was settled: given once it is settled or void, not before it was placed. */
const settledAtRule: FieldRule = (x, t) => {
  const settledAt = x.settledAt as number | null;
  if (settledAt !== null) {
    if (x.status === 'open') t.report('must be absent while the bet is open', 'settledAt');
    else if (Number.isFinite(settledAt) && settledAt < (x.placedAt as number)) t.report('must not be before placedAt', 'settledAt');
  } else if (x.status === 'settled') t.report('is required when the bet is settled', 'settledAt');
};

/**
 * A bet's rules across its legs and its settled profit, computed by `settle` (injected to keep
 * this file free of the arithmetic). `at` is the bet's dotted path ('' for the top), which the
 * messages naming another leg use.
 */
const betRules =
  (at: string, settle: (legs: readonly TrackedLeg[]) => number): FieldRule =>
  (x, t) => {
    const legs = x.legs as readonly TrackedLeg[];
    const status = x.status as BetStatus;
    const legsAt = at === '' ? 'legs' : `${at}.legs`;
    // A lay hedges a back of its role: a role with lays needs a back.
    for (const role of ROLES) {
      const hasSide = (side: LegSide) => legs.some((l) => l.role === role && l.side === side);
      if (hasSide('lay') && !hasSide('back')) t.report(`a ${role} lay needs a ${role} back leg to hedge`, 'legs');
    }

    // Legs netted together (one role, one account, one market key) are charged one commission rate.
    const firstOfGroup = new Map<string, number>();
    legs.forEach((l, n) => {
      // A leg whose commission is already named bad is left out (no second issue about it).
      if (l.market === null || t.has(`legs.${n}.commission`)) return;
      const key = JSON.stringify([l.role, bookAccount(l.account).key, l.market]);
      const first = firstOfGroup.get(key);
      if (first === undefined) firstOfGroup.set(key, n);
      else if ((legs[first] as TrackedLeg).commission !== l.commission) {
        t.report(
          `must equal the commission of ${legsAt}.${first} (${(legs[first] as TrackedLeg).commission}): legs of one role at one account with the same market key are netted at one rate`,
          'legs',
          n,
          'commission',
        );
      }
    });
    if (status === 'settled' && legs.length > 0 && legs.every((l) => l.result === 'void')) {
      t.report('must be void, not settled: a bet whose every leg is void is void', 'status');
    }

    let settledProfit: number | null = null;
    const given = x.settledProfit; // as given (the field reads anything)
    if (status === 'settled') {
      legs.forEach((l, n) => {
        // Only a result written as pending: an unknown result is already named (and read as pending).
        if (l.result === 'pending' && !t.has(`legs.${n}.result`))
          t.report('must be known (not pending) when the bet is settled', 'legs', n, 'result');
      });
      const clean = t.count() === 0; // this bet's own problems only
      if (clean) settledProfit = settle(legs);
      if (given !== undefined && given !== null) {
        const before = t.count();
        const profit = t.read(SETTLED_PROFIT, given, 0, 'settledProfit');
        if (clean && t.count() === before && profit !== settledProfit) {
          t.report(`must equal what the legs settle to (${String(settledProfit)} pence), not ${profit}`, 'settledProfit');
        }
      }
    } else if (given !== undefined && given !== null) {
      t.report(`must be absent unless the bet is settled (it is ${status})`, 'settledProfit');
    }
    x.settledProfit = settledProfit;
  };

/**
 * The schema of one bet at the dotted path `at` ('' for the top), without the brand check of its
 * source: `collect(betSchema(at, settle), input, issues, at)` reads it, recording every problem.
 */
export const betSchema = (at: string, settle: (legs: readonly TrackedLeg[]) => number) =>
  fields<TrackedBet>(BET_FIELDS, { what: 'a field of a tracked bet', rules: { settledAt: settledAtRule, note: betRules(at, settle) } });

/** Fails with one issue per duplicate id, at `path.n.id`. */
export function checkUniqueIds(bets: readonly { readonly id: string }[], issues: ValidationIssue[], prefix: string): void {
  const seen = new Map<string, number>();
  bets.forEach((b, n) => {
    const first = seen.get(b.id);
    if (first === undefined) seen.set(b.id, n);
    else if (b.id !== '') issues.push({ path: `${prefix}${n}.id`, message: `duplicates the id of ${prefix}${first}` });
  });
}

/**
 * The tracker sources a brand accepts: every `profitTrackerSource` of its catalogue's tools, once
 * each in catalogue order, then `manual` (a bet recorded by hand).
 *
 * @param brand - the brand whose catalogue to read
 * @returns the sources, `manual` last
 * @throws MatchkitValidationError when `brand` is not a brand
 *
 * @example
 * ```ts
 * import { trackerSources } from '@matchkit/sdk/tracker';
 * trackerSources('primary').includes('golf-master'); // true
 * trackerSources('secondary').includes('golf-master'); // false
 * ```
 */
export function trackerSources(brand: BrandRef): readonly string[] {
  const sources = resolveBrand(brand)
    .tools.map((t) => t.profitTrackerSource)
    .filter((s): s is string => typeof s === 'string' && s !== '');
  return [...new Set([...sources, 'manual'])];
}

/** Records a problem for every bet whose source the brand does not have. */
export function checkSources(brand: BrandRef, bets: readonly TrackedBet[], issues: ValidationIssue[], path: (n: number) => string): void {
  const sources = trackerSources(brand);
  bets.forEach((b, n) => {
    if (b.source !== '' && !sources.includes(b.source)) {
      issues.push({ path: path(n), message: `must be one of the brand's tracker sources (${sources.join(', ')})` });
    }
  });
}

/** Throws when there are issues. */
export function throwIfAny(issues: readonly ValidationIssue[], subject: string): void {
  if (issues.length > 0) throw new MatchkitValidationError(subject, issues);
}
