// The tracked-bet model of the profit tracker: the types, and the one validator every tracker
// function runs on its input (it names the field of every bad value and throws them all at once).
import { resolveBrand } from '../brands/brands';
import type { BrandRef } from '../brands/schema';
import { MAX_ODDS, check, fail, list, open, pick, type Ctx } from '../calculators/check';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import type { Pence, ProfitType } from '../model/schemas';
import { readInstant } from '../internal/instant';
import type { InstantInput } from '../sales/sales';
import { unknownKeys } from '../internal/keys';
import { bookAccount } from './accounts';

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

const PROFIT_TYPES: readonly ProfitType[] = ['guaranteed', 'potential', 'training', 'ev'];
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

const kindOf = (x: unknown): string => (x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x);

/** The length of a text in characters (Unicode code points, as the server's text columns count them). */
const chars = (x: string): number => {
  let n = 0;
  for (const _ of x) n += 1;
  return n;
};

/** Reads a string field: `nonEmpty` rejects ''; `max` is the most characters allowed. */
export function str(c: Ctx, key: string, nonEmpty: boolean, max = Infinity): string {
  const x = c.v[key];
  if (typeof x !== 'string') fail(c, key, x === undefined ? 'is required' : `expected a string, received ${kindOf(x)}`);
  else if (nonEmpty && x.trim() === '') fail(c, key, 'must not be empty');
  else if (x.length > max && chars(x) > max) fail(c, key, `must be at most ${max} characters long (it has ${chars(x)})`);
  else return x;
  return '';
}

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

/** Checks integer pence: `signed` allows negatives; `limit` is the largest size allowed. */
export function pence(c: Ctx, key: string, x: unknown, signed: boolean, limit = MAX_PENCE): number {
  let m = '';
  if (typeof x !== 'number') m = x === undefined ? 'is required' : `expected a number, received ${kindOf(x)}`;
  else if (!Number.isInteger(x)) m = Number.isFinite(x) ? 'must be a whole number of pence' : 'must be a finite number';
  else if (!signed && x < 0) m = 'must not be negative';
  else if (Math.abs(x) > limit) m = `must be at most ${limit} pence in size`;
  if (m === '') return (x as number) + 0; // -0 becomes 0
  fail(c, key, m);
  return 0;
}

/**
 * Reads an instant (a valid Date or epoch milliseconds, from 1970-01-01T00:00:00Z to
 * 9999-12-31T23:59:59.999Z); NaN after recording a problem.
 */
export function instant(c: Ctx, key: string, x: unknown): number {
  const read = readInstant(x);
  if ('ms' in read) return read.ms;
  fail(c, key, read.message);
  return NaN;
}

/** The fields of a leg and of a bet: any other key is refused (a misspelled `comission` must not read as 0). */
const LEG_KEYS = ['role', 'side', 'account', 'odds', 'stake', 'commission', 'freeBet', 'result', 'market'];
const BET_KEYS = [
  'id',
  'source',
  'profitType',
  'status',
  'event',
  'market',
  'selection',
  'legs',
  'expectedProfit',
  'placedAt',
  'settledAt',
  'settledProfit',
  'note',
];

function readLeg(c: Ctx): TrackedLeg {
  if (c.d !== true) unknownKeys(c.v, LEG_KEYS, c.p, c.i, 'a field of a tracked leg');
  const role = pick(c, 'role', ROLES);
  const side = pick(c, 'side', SIDES);
  const account = str(c, 'account', true, TEXT_LIMITS.account);
  const odds = check(c, 'odds', c.v['odds'], [1, MAX_ODDS, 1]);
  const stake = pence(c, 'stake', c.v['stake'], false);
  if (stake * (odds - 1) > MAX_PENCE) {
    fail(
      c,
      'stake',
      `with odds ${odds}, puts stake × (odds − 1) = ${stake * (odds - 1)} pence at risk or to win; it must be at most ${MAX_PENCE}`,
    );
  }
  const rawMarket = c.v['market'];
  const market = rawMarket === undefined || rawMarket === null || rawMarket === '' ? null : str(c, 'market', false, TEXT_LIMITS.legMarket);
  const commission = c.v['commission'] === undefined ? 0 : check(c, 'commission', c.v['commission'], [0, 1, 2, 'commission']);
  const result = pick(c, 'result', RESULTS);
  let freeBet: FreeBetKind | null = null;
  if (role === 'free-bet' && side === 'back') {
    freeBet = c.v['freeBet'] === null || c.v['freeBet'] === undefined ? 'snr' : pick(c, 'freeBet', FREE_BETS);
  } else if (c.v['freeBet'] !== undefined && c.v['freeBet'] !== null) fail(c, 'freeBet', 'is only allowed on a free-bet back leg');
  return { role, side, account, odds, stake, commission, freeBet, result, market };
}

/**
 * Reads one bet at `c` without the brand check of its source, recording every problem. The
 * settled profit is computed by `settle` (injected to keep this file free of the arithmetic).
 */
export function readBet(c: Ctx, settle: (legs: readonly TrackedLeg[]) => number): TrackedBet {
  const issuesBefore = c.i.length;
  if (c.d !== true) unknownKeys(c.v, BET_KEYS, c.p, c.i, 'a field of a tracked bet');
  const id = str(c, 'id', true, TEXT_LIMITS.id);
  const source = str(c, 'source', true, TEXT_LIMITS.source);
  const profitType = pick(c, 'profitType', PROFIT_TYPES);
  const status = pick(c, 'status', STATUSES);
  const event = str(c, 'event', false, TEXT_LIMITS.event);
  const market = str(c, 'market', false, TEXT_LIMITS.market);
  const selection = str(c, 'selection', false, TEXT_LIMITS.selection);
  const legsAt: Ctx = { v: {}, p: c.p === '' ? 'legs' : `${c.p}.legs`, i: c.i, d: c.d === true };
  const legs = list(c, 'legs', 1, 100).map((x, n) => readLeg(open(x, `${legsAt.p}.${n}`, c.i)));
  const expectedProfit = pence(c, 'expectedProfit', c.v['expectedProfit'], true);
  const placedAt = instant(c, 'placedAt', c.v['placedAt']);
  const rawSettledAt = c.v['settledAt'];
  let settledAt: number | null = null;
  if (rawSettledAt !== undefined && rawSettledAt !== null) {
    settledAt = instant(c, 'settledAt', rawSettledAt);
    if (status === 'open') fail(c, 'settledAt', 'must be absent while the bet is open');
    else if (Number.isFinite(settledAt) && settledAt < placedAt) fail(c, 'settledAt', 'must not be before placedAt');
  } else if (status === 'settled') fail(c, 'settledAt', 'is required when the bet is settled');
  const rawNote = c.v['note'];
  const note = rawNote === undefined || rawNote === null || rawNote === '' ? null : str(c, 'note', false, TEXT_LIMITS.note);

  // A lay hedges a back of its role: a role with lays needs a back.
  for (const role of ROLES) {
    const has = (side: LegSide) => legs.some((l) => l.role === role && l.side === side);
    if (has('lay') && !has('back')) fail(c, 'legs', `a ${role} lay needs a ${role} back leg to hedge`);
  }

  // Legs netted together (one role, one account, one market key) are charged one commission rate.
  const firstOfGroup = new Map<string, number>();
  legs.forEach((l, n) => {
    // A leg whose commission is already named bad is left out (no second issue about it).
    if (l.market === null || c.i.some((i) => i.path === `${legsAt.p}.${n}.commission`)) return;
    const key = JSON.stringify([l.role, bookAccount(l.account).key, l.market]);
    const first = firstOfGroup.get(key);
    if (first === undefined) firstOfGroup.set(key, n);
    else if ((legs[first] as TrackedLeg).commission !== l.commission) {
      fail(
        open({}, `${legsAt.p}.${n}`, c.i),
        'commission',
        `must equal the commission of ${legsAt.p}.${first} (${(legs[first] as TrackedLeg).commission}): legs of one role at one account with the same market key are netted at one rate`,
      );
    }
  });
  if (status === 'settled' && legs.length > 0 && legs.every((l) => l.result === 'void')) {
    fail(c, 'status', 'must be void, not settled: a bet whose every leg is void is void');
  }

  let settledProfit: number | null = null;
  const rawProfit = c.v['settledProfit'];
  if (status === 'settled') {
    legs.forEach((l, n) => {
      // Only a result written as pending: an unknown result is already named (and read as pending).
      const path = `${legsAt.p}.${n}.result`;
      if (l.result === 'pending' && !c.i.some((i) => i.path === path)) {
        fail(open({}, `${legsAt.p}.${n}`, c.i), 'result', 'must be known (not pending) when the bet is settled');
      }
    });
    const clean = c.i.length === issuesBefore; // this bet's own problems only
    if (clean) settledProfit = settle(legs);
    if (rawProfit !== undefined && rawProfit !== null) {
      const before = c.i.length;
      const given = pence(c, 'settledProfit', rawProfit, true, MAX_SETTLED);
      if (clean && c.i.length === before && given !== settledProfit) {
        fail(c, 'settledProfit', `must equal what the legs settle to (${String(settledProfit)} pence), not ${given}`);
      }
    }
  } else if (rawProfit !== undefined && rawProfit !== null) {
    fail(c, 'settledProfit', `must be absent unless the bet is settled (it is ${status})`);
  }
  return { id, source, profitType, status, event, market, selection, legs, expectedProfit, placedAt, settledAt, settledProfit, note };
}

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
