// Settlement: from each leg's result to the bet's profit in integer pence. Every leg's profit is
// computed exactly (a rational number of pence, from the decimal odds and commission as written),
// commission is charged per group of netted legs (one role, one account, one market key; a leg
// without a key alone), the groups are summed exactly, and the sum is rounded once, half away from zero.
import type { BrandRef } from '../brands/schema';
import type { ValidationIssue } from '../errors/errors';
import { collect } from '../internal/validate';
import { checkPossible } from './outcomes';
import { bookAccount } from './accounts';
import type { InstantInput } from '../sales/sales';
import { anything, fields, instant } from './fields';
import {
  betSchema,
  checkSources,
  checkUniqueIds,
  throwIfAny,
  type LegResult,
  type TrackedBet,
  type TrackedBetInput,
  type TrackedLeg,
} from './model';

/** An exact number of pence: n / 10^k. */
interface Exact {
  readonly n: bigint;
  readonly k: number;
}

/** The exact decimal value of a finite number as JavaScript writes it (3.2 is 32/10, not the binary double). */
function decimal(x: number): Exact {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
  if (m === null) throw new RangeError(`not a finite decimal: ${String(x)}`);
  const frac = m[3] ?? '';
  const exp = Number(m[4] ?? '0') - frac.length;
  const digits = BigInt(`${m[1] ?? ''}${m[2] ?? '0'}${frac}`);
  return exp >= 0 ? { n: digits * 10n ** BigInt(exp), k: 0 } : { n: digits, k: -exp };
}

const scale = (a: Exact, k: number): bigint => a.n * 10n ** BigInt(k - a.k);
const add = (a: Exact, b: Exact): Exact => {
  const k = Math.max(a.k, b.k);
  return { n: scale(a, k) + scale(b, k), k };
};
const mul = (a: Exact, b: Exact): Exact => ({ n: a.n * b.n, k: a.k + b.k });
const ONE: Exact = { n: 1n, k: 0 };
const neg = (a: Exact): Exact => ({ n: -a.n, k: a.k });
const ZERO: Exact = { n: 0n, k: 0 };

/** Rounds n / 10^k to an integer, half away from zero. */
export function roundHalfAwayFromZero(x: Exact): number {
  const d = 10n ** BigInt(x.k);
  const abs = x.n < 0n ? -x.n : x.n;
  let q = abs / d;
  if (2n * (abs % d) >= d) q += 1n;
  return Number(x.n < 0n ? -q : q);
}

/**
 * A leg's exact profit before commission, split into the part commission is charged on (the
 * winnings or the loss) and a stake returned with a won stake-returned free bet (never charged).
 */
function grossLegProfit(leg: TrackedLeg): { readonly winnings: Exact; readonly returned: Exact } {
  const none = { winnings: ZERO, returned: ZERO };
  if (leg.result === 'void' || leg.result === 'pending') return none;
  const stake: Exact = { n: BigInt(leg.stake), k: 0 };
  const net = add(decimal(leg.odds), neg(ONE)); // odds − 1
  if (leg.side === 'lay') return { winnings: leg.result === 'won' ? stake : neg(mul(stake, net)), returned: ZERO };
  if (leg.result === 'won') return { winnings: mul(stake, net), returned: leg.freeBet === 'sr' ? stake : ZERO };
  return leg.freeBet === null ? { winnings: neg(stake), returned: ZERO } : none;
}

/**
 * The exact profits of a bet's commission groups, in pence, in the order of each group's first
 * leg. A group is the legs of one role at one account with one market key (netted: commission is
 * the group's rate × max(0, the sum of their winnings and losses)); a leg without a key is a group of
 * its own, and legs of different roles are never netted (a free bet is usually on another market).
 * Accounts are matched by {@link bookAccount}'s key, as the balance sheet matches them (`Smarkets`,
 * `smarkets` and `SMARKETS` are one exchange, `BetConnect` and `Bet Connect` another, `Alder Bet`
 * and `alderbet` one bookmaker), and each group is named by that key.
 */
export function exactGroupProfits(legs: readonly TrackedLeg[]): readonly { readonly account: string; readonly profit: Exact }[] {
  const groups = new Map<string, { account: string; commission: number; winnings: Exact; returned: Exact }>();
  legs.forEach((leg, n) => {
    const account = bookAccount(leg.account).key;
    const key = leg.market === null ? `#${n}` : JSON.stringify([leg.role, account, leg.market]);
    const g = groups.get(key) ?? { account, commission: leg.commission, winnings: ZERO, returned: ZERO };
    const p = grossLegProfit(leg);
    groups.set(key, { ...g, winnings: add(g.winnings, p.winnings), returned: add(g.returned, p.returned) });
  });
  return [...groups.values()].map((g) => {
    const charged = g.winnings.n > 0n ? mul(g.winnings, decimal(g.commission)) : ZERO;
    return { account: g.account, profit: add(add(g.winnings, g.returned), neg(charged)) };
  });
}

/** The exact sum of the legs' profits, in pence, commission netted per group ({@link exactGroupProfits}). */
export function exactProfit(legs: readonly TrackedLeg[]): Exact {
  return exactGroupProfits(legs).reduce((sum, g) => add(sum, g.profit), ZERO);
}

/** The settled profit of legs whose results are known: the exact sum rounded once. */
export function settledPenceOf(legs: readonly TrackedLeg[]): number {
  return roundHalfAwayFromZero(exactProfit(legs));
}

/**
 * What a bet's pending lays lose if their selections all win, in pence: the exact sum of each
 * pending lay's stake × (odds − 1), rounded once, half away from zero (as a settled profit is).
 */
export function pendingLayLiability(legs: readonly TrackedLeg[]): number {
  let sum = ZERO;
  for (const leg of legs) {
    if (leg.side === 'lay' && leg.result === 'pending')
      sum = add(sum, mul({ n: BigInt(leg.stake), k: 0 }, add(decimal(leg.odds), neg(ONE))));
  }
  return roundHalfAwayFromZero(sum);
}

/** Records the impossible results of a bet that is not void, at `prefix` + `legs.n.result`. */
function checkBetPossible(bet: TrackedBet, issues: ValidationIssue[], prefix: string): void {
  if (bet.status === 'void') return;
  const leg = (n: number) => `${prefix}legs.${n}`;
  checkPossible(
    bet.profitType,
    bet.legs,
    bet.legs.map((l) => l.result),
    issues,
    (n) => `${leg(n)}.result`,
    leg,
  );
}

/** Validates one bet without the brand's source check; throws every problem. */
export function readOneBet(input: unknown, subject: string): TrackedBet {
  const issues: ValidationIssue[] = [];
  const bet = readBet(input, issues);
  throwIfAny(issues, subject);
  return freeze(bet);
}

/** Reads one bet at the dotted path `at` ('' for the top) without the source check, recording every problem in `issues`. */
export const readBet = (input: unknown, issues: ValidationIssue[], at = ''): TrackedBet =>
  collect(betSchema(at, settledPenceOf), input, issues, at);

/** Reads a list of bets (paths `key.n....`) without the source check, recording every problem in `issues`. */
export function collectBets(input: unknown, issues: ValidationIssue[], key = 'bets'): TrackedBet[] {
  if (!Array.isArray(input)) {
    issues.push({ path: key, message: `expected an array, received ${input === null ? 'null' : typeof input}` });
    return [];
  }
  const bets = input.map((x, n) => readBet(x, issues, `${key}.${n}`));
  checkUniqueIds(bets, issues, `${key}.`);
  return bets;
}

const freeze = (b: TrackedBet): TrackedBet => Object.freeze({ ...b, legs: Object.freeze(b.legs.map((l) => Object.freeze({ ...l }))) });

/** Validates a list of bets without the source check; throws every problem. */
export function readBets(input: unknown, subject: string, key = 'bets'): readonly TrackedBet[] {
  const issues: ValidationIssue[] = [];
  const bets = collectBets(input, issues, key);
  throwIfAny(issues, subject);
  return Object.freeze(bets.map(freeze));
}

/** The options of settleBet and voidBet: when, and (settleBet) each leg's result, checked against the bet. */
const settleOptions = /* @__PURE__ */ fields<{ at: number; results: unknown }>({ at: [instant, NaN], results: [anything, undefined] });

/**
 * Validates a tracked bet against a brand and returns it as the tracker keeps it: instants in
 * epoch milliseconds, defaults filled in, and, when settled, its settled profit computed from the
 * legs (a `settledProfit` given in the input must equal it).
 *
 * @param brand - the brand whose tracker sources the bet's `source` must be one of
 * @param input - the bet as recorded
 * @returns the validated, frozen bet
 * @throws MatchkitValidationError naming the field of every bad value (`legs.1.odds`, `source`, ...)
 *
 * @example
 * ```ts
 * import { parseBet } from '@matchkit/sdk/tracker';
 * const bet = parseBet('primary', {
 *   id: 'b1', source: 'oddsmatcher', profitType: 'guaranteed', status: 'open',
 *   event: 'Arsenal v Spurs', market: 'Match Odds', selection: 'Arsenal',
 *   legs: [{ role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' }],
 *   expectedProfit: -75, placedAt: new Date('2025-08-11T12:00:00Z'),
 * });
 * bet.placedAt; // 1754913600000
 * ```
 */
export function parseBet(brand: BrandRef, input: TrackedBetInput): TrackedBet {
  const issues: ValidationIssue[] = [];
  const bet = readBet(input, issues);
  checkSources(brand, [bet], issues, () => 'source');
  if (issues.length === 0) checkBetPossible(bet, issues, '');
  throwIfAny(issues, 'tracked bet');
  return freeze(bet);
}

/**
 * Validates a list of tracked bets against a brand, as {@link parseBet} does for one, and checks
 * that their ids are unique. Nothing is returned unless every bet is valid.
 *
 * @param brand - the brand whose tracker sources every bet's `source` must be one of
 * @param inputs - the bets as recorded
 * @returns the validated, frozen bets, in input order
 * @throws MatchkitValidationError listing every problem of every bet (`bets.3.legs.0.stake`, ...)
 *
 * @example
 * ```ts
 * import { parseBets } from '@matchkit/sdk/tracker';
 * parseBets('secondary', []).length; // 0
 * ```
 */
export function parseBets(brand: BrandRef, inputs: readonly TrackedBetInput[]): readonly TrackedBet[] {
  const issues: ValidationIssue[] = [];
  const bets = collectBets(inputs, issues);
  checkSources(brand, bets, issues, (n) => `bets.${n}.source`);
  if (issues.length === 0) bets.forEach((b, n) => checkBetPossible(b, issues, `bets.${n}.`));
  throwIfAny(issues, 'tracked bets');
  return Object.freeze(bets.map(freeze));
}

/**
 * Options of {@link settleBet}.
 *
 * @example
 * ```ts
 * import type { SettleBetOptions } from '@matchkit/sdk/tracker';
 * const options: SettleBetOptions = { at: Date.UTC(2025, 7, 11, 17), results: ['lost', 'won'] };
 * ```
 */
export interface SettleBetOptions {
  /** When the bet was settled; not before its `placedAt`. */
  readonly at: InstantInput;
  /**
   * The legs' results, one per leg in leg order, replacing those recorded; none may be `pending`.
   * @defaultValue the results recorded on the legs
   */
  readonly results?: readonly LegResult[];
}

/**
 * Settles a bet: from each leg's result to its settled profit in integer pence.
 *
 * Each leg's profit is exact (stakes are whole pence; odds and commission are taken as the decimals
 * written): a back wins S(b − 1)(1 − c) and loses its stake S (a free bet loses nothing; a
 * stake-returned free bet also pays S when it wins); a lay wins S(1 − c) and loses its liability
 * S(l − 1); void legs make 0. Legs of one role at one account with the same `market` key (which
 * names one market of one event) are netted, as an exchange does: their commission is the rate ×
 * max(0, the sum of their profits before commission), not the sum of each leg's commission (a leg
 * without a key is charged on its own, and legs of different roles are never netted). Netting
 * happens only within one bet: a lock-in recorded as a separate bet is not netted with this one.
 * The legs' exact profits are summed and the sum is rounded once to whole pence, half away from zero. When every leg is void the bet becomes `void` (no profit);
 * otherwise `settled`.
 *
 * @param bet - an open (or already settled) bet
 * @param options - the settlement instant and, optionally, the legs' results
 * @returns the settled (or void) bet, validated and frozen
 * @throws MatchkitValidationError naming every bad field: a pending result, a void bet, a results
 *   list of the wrong length, a settlement before the bet was placed, results that cannot happen
 *   together (a back and its lay both lost, or both won on a guaranteed bet: both legs are named)
 *
 * @example
 * ```ts
 * import { settleBet } from '@matchkit/sdk/tracker';
 * const settled = settleBet(
 *   {
 *     id: 'b1', source: 'oddsmatcher', profitType: 'guaranteed', status: 'open',
 *     event: 'Arsenal v Spurs', market: 'Match Odds', selection: 'Arsenal',
 *     legs: [
 *       { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
 *       { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
 *     ],
 *     expectedProfit: -75, placedAt: Date.UTC(2025, 7, 11, 12),
 *   },
 *   { at: Date.UTC(2025, 7, 11, 17), results: ['lost', 'won'] },
 * );
 * settled.settledProfit; // -76: -1000 + 943 × 0.98 = -75.86, rounded once
 * ```
 */
export function settleBet(bet: TrackedBetInput, options: SettleBetOptions): TrackedBet {
  const subject = 'settleBet input';
  const issues: ValidationIssue[] = [];
  const current = readBet(bet, issues);
  const { at, results: given } = collect(settleOptions, options, issues, 'options');
  if (current.status === 'void') issues.push({ path: 'status', message: 'a void bet cannot be settled' });
  if (Number.isFinite(at) && at < current.placedAt) issues.push({ path: 'options.at', message: 'must not be before the bet’s placedAt' });
  let results: readonly LegResult[] = current.legs.map((l) => l.result);
  if (given !== undefined) {
    if (!Array.isArray(given)) issues.push({ path: 'options.results', message: 'expected an array of leg results' });
    else if (given.length !== current.legs.length) {
      issues.push({ path: 'options.results', message: `must have one result per leg (${current.legs.length}), not ${given.length}` });
    } else results = given as LegResult[];
  }
  const usable = given === undefined || (Array.isArray(given) && given.length === current.legs.length);
  if (usable)
    results.forEach((r, n) => {
      const where = given === undefined ? `legs.${n}.result` : `options.results.${n}`;
      if (r !== 'won' && r !== 'lost' && r !== 'void' && !issues.some((i) => i.path === where)) {
        issues.push({
          path: where,
          message: r === 'pending' ? 'must be known (won, lost or void) to settle' : "must be one of 'won', 'lost', 'void'",
        });
      }
    });
  if (issues.length === 0) {
    const where = (n: number) => (given === undefined ? `legs.${n}.result` : `options.results.${n}`);
    checkPossible(current.profitType, current.legs, results, issues, where, (n) => `legs.${n}`);
  }
  throwIfAny(issues, subject);
  const legs = current.legs.map((l, n) => ({ ...l, result: results[n] as LegResult }));
  const allVoid = legs.every((l) => l.result === 'void');
  return readOneBet({ ...current, legs, status: allVoid ? 'void' : 'settled', settledAt: at, settledProfit: null }, subject);
}

/**
 * Voids a bet as a whole (the bookmaker cancelled it): status `void`, no profit, counted in no
 * total. Its legs keep their results.
 *
 * @param bet - an open or settled bet
 * @param options - `at`: when the bet was voided, not before its `placedAt`
 * @returns the void bet, validated and frozen
 * @throws MatchkitValidationError naming every bad field
 *
 * @example
 * ```ts
 * import { voidBet } from '@matchkit/sdk/tracker';
 * const bet = voidBet(
 *   {
 *     id: 'b2', source: 'manual', profitType: 'ev', status: 'open', event: 'Race 1', market: 'Win', selection: 'Horse',
 *     legs: [{ role: 'qualifying', side: 'back', account: 'bet-co', odds: 6, stake: 500, result: 'pending' }],
 *     expectedProfit: 40, placedAt: Date.UTC(2025, 7, 11, 12),
 *   },
 *   { at: Date.UTC(2025, 7, 11, 13) },
 * );
 * bet.status; // 'void'
 * ```
 */
export function voidBet(bet: TrackedBetInput, options: { readonly at: InstantInput }): TrackedBet {
  const subject = 'voidBet input';
  const issues: ValidationIssue[] = [];
  const current = readBet(bet, issues);
  const { at } = collect(settleOptions, options, issues, 'options');
  if (Number.isFinite(at) && at < current.placedAt) issues.push({ path: 'options.at', message: 'must not be before the bet’s placedAt' });
  throwIfAny(issues, subject);
  return readOneBet({ ...current, status: 'void', settledAt: at, settledProfit: null }, subject);
}
