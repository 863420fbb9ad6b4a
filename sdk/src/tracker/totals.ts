// Totals over tracked bets: the ProfitTotals of any set of bets, grouped by profit type, source,
// UK day or UK month; the brand's tracker-totals endpoints; the cumulative series, the maximum
// drawdown and progress against the member's monthly goal.
import { resolveBrand } from '../brands/brands';
import type { BrandRef } from '../brands/schema';
import type { ValidationIssue } from '../errors/errors';
import { collect } from '../internal/validate';
import type { Pence, ProfitType } from '../model/schemas';
import type { GqlProfitTotals } from '../transport/generated/operations';
import { londonCalendar } from '../internal/london';
import { fields, oneOf, text } from './fields';
import { PROFIT_TYPES, addPence, throwIfAny, type TrackedBet, type TrackedBetInput } from './model';
import { isPossible } from './outcomes';
import { collectBets, pendingLayLiability, readBets } from './settle';

/**
 * Totals of a set of tracked bets, in integer pence: the GraphQL `ProfitTotals` type and the body
 * of the REST tracker-totals endpoints (one declaration, shared with `@matchkit/sdk/transport`).
 *
 * - `betCount`: bets that are not void (open and settled).
 * - `staked`: the stakes of the back legs of those bets (free bets included).
 * - `profit`: the settled profit of settled bets; `guaranteed`, `potential`, `training`, `ev`: the
 *   same split by profit type (they sum to `profit`).
 * - `pendingProfit`: the `expectedProfit` of open bets.
 *
 * @example
 * ```ts
 * import type { ProfitTotals } from '@matchkit/sdk/tracker';
 * const pounds = (t: ProfitTotals) => t.profit / 100;
 * ```
 */
export type ProfitTotals = GqlProfitTotals;

const ZERO_TOTALS: ProfitTotals = { betCount: 0, staked: 0, profit: 0, pendingProfit: 0, guaranteed: 0, potential: 0, training: 0, ev: 0 };

/** Adds pence, throwing rather than returning an inexact total. */
const plus = (a: number, b: number): number => addPence(a, b, 'tracker totals');

function totalsOf(bets: readonly TrackedBet[]): ProfitTotals {
  const t = { ...ZERO_TOTALS };
  for (const bet of bets) {
    if (bet.status === 'void' || !isPossible(bet)) continue;
    t.betCount += 1;
    t.staked = plus(
      t.staked,
      bet.legs.reduce((s, l) => (l.side === 'back' ? s + l.stake : s), 0),
    );
    if (bet.status === 'open') t.pendingProfit = plus(t.pendingProfit, bet.expectedProfit);
    else {
      const p = bet.settledProfit ?? 0;
      t.profit = plus(t.profit, p);
      t[bet.profitType] = plus(t[bet.profitType], p);
    }
  }
  return Object.freeze(t);
}

/**
 * The totals of a set of tracked bets ({@link ProfitTotals}).
 *
 * @param bets - the bets (validated: every bad field of every bet is reported)
 * @returns the totals, in integer pence
 * @throws MatchkitValidationError naming every bad field (`bets.2.legs.0.odds`, ...)
 *
 * @example
 * ```ts
 * import { trackerTotals } from '@matchkit/sdk/tracker';
 * trackerTotals([]).betCount; // 0
 * ```
 */
export function trackerTotals(bets: readonly TrackedBetInput[]): ProfitTotals {
  return totalsOf(readBets(bets, 'trackerTotals input'));
}

/**
 * The open liability of tracked bets, in integer pence: what the open bets' pending lays lose if
 * their selections win, so the money an exchange holds against them. Each bet's is the exact sum
 * of its pending lays' stake × (odds − 1), rounded once, half away from zero (as settlement rounds
 * a bet's profit); settled and void bets, back legs (their stakes are already with the bookmaker,
 * in `staked`) and lays already settled have none. It is additive: the liability of a set of bets
 * is the sum of the liabilities of its bets.
 *
 * @param bets - the bets (validated: every bad field of every bet is reported)
 * @returns the liability, in integer pence (0 or more)
 * @throws MatchkitValidationError naming every bad field (`bets.2.legs.1.odds`, ...)
 *
 * @example
 * ```ts
 * import { openLiability } from '@matchkit/sdk/tracker';
 * // A £10 back at 3.0 laid for £9.43 at 3.2: 943 × 2.2 = 2074.6, so 2075.
 * openLiability([{
 *   id: 'b1', source: 'oddsmatcher', profitType: 'guaranteed', status: 'open',
 *   event: 'Arsenal v Spurs', market: 'Match Odds', selection: 'Arsenal',
 *   legs: [
 *     { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
 *     { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
 *   ],
 *   expectedProfit: -75, placedAt: Date.UTC(2025, 7, 11, 12),
 * }]); // 2075
 * ```
 */
export function openLiability(bets: readonly TrackedBetInput[]): Pence {
  let total = 0;
  for (const bet of readBets(bets, 'openLiability input')) if (bet.status === 'open') total = plus(total, pendingLayLiability(bet.legs));
  return total;
}

/**
 * How {@link totalsBy} groups bets. `profitType` and `source`: the bet's fields. `day` and
 * `month`: the Europe/London calendar day (`2025-08-11`) or month (`2025-08`) of the bet's
 * booking instant, which is `settledAt` for a settled or void bet and `placedAt` for an open one.
 *
 * @example
 * ```ts
 * import type { TotalsGrouping } from '@matchkit/sdk/tracker';
 * const by: TotalsGrouping = 'month';
 * ```
 */
export type TotalsGrouping = 'profitType' | 'source' | 'day' | 'month';

/**
 * One group of {@link totalsBy}: its key and its totals.
 *
 * @example
 * ```ts
 * import type { TotalsGroup } from '@matchkit/sdk/tracker';
 * const label = (g: TotalsGroup) => `${g.key}: ${g.totals.profit}`;
 * ```
 */
export interface TotalsGroup {
  /** The profit type, the source, the day (`YYYY-MM-DD`) or the month (`YYYY-MM`). */
  readonly key: string;
  /** The totals of the group's bets. */
  readonly totals: ProfitTotals;
}

/** The instant a bet is booked at: when it settled (or was voided), else when it was placed. */
const bookedAt = (bet: TrackedBet): number => bet.settledAt ?? bet.placedAt;

const GROUPING = /* @__PURE__ */ oneOf<TotalsGrouping>(['profitType', 'source', 'day', 'month']);

/**
 * The totals of tracked bets grouped by profit type, source, UK day or UK month. Every bet falls
 * in exactly one group, so the groups' totals sum to {@link trackerTotals} of all the bets, field by
 * field. Groups come in key order (profit types in the catalogue's order: guaranteed, potential,
 * training, ev); only keys that have bets appear.
 *
 * @param bets - the bets
 * @param by - the grouping ({@link TotalsGrouping})
 * @returns one group per key that has bets
 * @throws MatchkitValidationError naming every bad field
 *
 * @example
 * ```ts
 * import { totalsBy } from '@matchkit/sdk/tracker';
 * totalsBy([], 'day'); // []
 * ```
 */
export function totalsBy(bets: readonly TrackedBetInput[], by: TotalsGrouping): readonly TotalsGroup[] {
  const issues: ValidationIssue[] = [];
  const valid = collectBets(bets, issues);
  const grouping = collect(GROUPING, by, issues, 'by');
  throwIfAny(issues, 'totalsBy input');
  const day = londonCalendar().date;
  const keyOf = (b: TrackedBet): string => {
    if (grouping === 'profitType') return b.profitType;
    if (grouping === 'source') return b.source;
    const d = day(bookedAt(b));
    return grouping === 'day' ? d : d.slice(0, 7);
  };
  const groups = new Map<string, TrackedBet[]>();
  for (const b of valid.filter(isPossible)) {
    const k = keyOf(b);
    const g = groups.get(k);
    if (g === undefined) groups.set(k, [b]);
    else g.push(b);
  }
  const rank = (k: string) => (grouping === 'profitType' ? PROFIT_TYPES.indexOf(k as ProfitType) : 0);
  return Object.freeze(
    [...groups.keys()]
      .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
      .map((key) => Object.freeze({ key, totals: totalsOf(groups.get(key) ?? []) })),
  );
}

/**
 * The totals a brand's tracker-totals endpoint answers (spec section 7), computed from the bets.
 *
 * @example
 * ```ts
 * import type { EndpointTotals } from '@matchkit/sdk/tracker';
 * const name = (e: EndpointTotals) => e.endpoint; // 'golf-master/getNoLayMyBetsTotals', ...
 * ```
 */
export interface EndpointTotals {
  /** The endpoint's name, for example `getPartLayMyBetsTotals`. */
  readonly endpoint: string;
  /** The endpoint's params from the catalogue (empty when it has none). */
  readonly params: Readonly<Record<string, string>>;
  /** The keys of the catalogue tools that call the endpoint with these params. */
  readonly tools: readonly string[];
  /** The tracker sources whose bets it counts. */
  readonly sources: readonly string[];
  /** Which bets of those sources it counts: all of them, only part-lays, or only no-lay bets. */
  readonly selects: 'all' | 'part-lay' | 'no-lay';
  /** The totals of the bets it counts. */
  readonly totals: ProfitTotals;
}

/**
 * True when some role of the bet has more lay legs than back legs (a part-lay: one back hedged in
 * parts). An each-way bet (a win back and a place back, a win lay and a place lay) is not one.
 */
const isPartLay = (b: TrackedBet): boolean =>
  (['qualifying', 'free-bet'] as const).some((r) => {
    const count = (side: 'back' | 'lay') => b.legs.filter((l) => l.role === r && l.side === side).length;
    return count('lay') > count('back');
  });
/** True when the bet has no lay leg. */
const isNoLay = (b: TrackedBet): boolean => b.legs.every((l) => l.side === 'back');

/**
 * The totals of each tracker-totals endpoint of a brand's catalogue (spec section 7), computed from
 * the bets as the endpoint would: one entry per distinct endpoint and params, in catalogue order.
 * An endpoint counts the bets whose source is the `profitTrackerSource` of a tool that calls it;
 * an endpoint whose name says `PartLay` counts only part-lays (a role with more lay legs than back
 * legs, such as a back hedged by two lays; an each-way bet with one lay per back is not one),
 * one that says `NoLay` only bets with no lay leg. A bet records its source, not its tool,
 * so two tools that share a source (the 2UP matcher and master) get the same totals; endpoints
 * may overlap (a part-lay extra-place bet counts in both extra-place endpoints), so, unlike
 * {@link totalsBy}, they are not a partition.
 *
 * @param brand - the brand whose catalogue names the endpoints
 * @param bets - the bets
 * @returns one entry per endpoint and params
 * @throws MatchkitValidationError naming every bad field
 *
 * @example
 * ```ts
 * import { endpointTotals } from '@matchkit/sdk/tracker';
 * endpointTotals('primary', []).map((e) => e.endpoint).includes('golf-master/getNoLayMyBetsTotals'); // true
 * ```
 */
export function endpointTotals(brand: BrandRef, bets: readonly TrackedBetInput[]): readonly EndpointTotals[] {
  const tools = resolveBrand(brand).tools;
  const valid = readBets(bets, 'endpointTotals input');
  const entries = new Map<string, { endpoint: string; params: Record<string, string>; tools: string[]; sources: string[] }>();
  for (const tool of tools) {
    const endpoint = tool.profitTrackerTotalsEndpoint;
    if (endpoint === undefined || endpoint === null) continue;
    const params = { ...(tool.profitTrackerTotalsParams ?? {}) } as Record<string, string>;
    const id = `${endpoint}?${JSON.stringify(Object.entries(params).sort())}`;
    const entry = entries.get(id) ?? { endpoint, params, tools: [], sources: [] };
    entry.tools.push(tool.key);
    const source = tool.profitTrackerSource;
    if (typeof source === 'string' && !entry.sources.includes(source)) entry.sources.push(source);
    entries.set(id, entry);
  }
  return Object.freeze(
    [...entries.values()].map((e) => {
      const selects = /PartLay/.test(e.endpoint) ? 'part-lay' : /NoLay/.test(e.endpoint) ? 'no-lay' : 'all';
      const counted = valid.filter(
        (b) => e.sources.includes(b.source) && (selects === 'all' || (selects === 'part-lay' ? isPartLay(b) : isNoLay(b))),
      );
      return Object.freeze({
        endpoint: e.endpoint,
        params: Object.freeze(e.params),
        tools: Object.freeze(e.tools),
        sources: Object.freeze(e.sources),
        selects,
        totals: totalsOf(counted),
      } as const);
    }),
  );
}

/**
 * One point of {@link cumulativeProfit}: a UK day's settled profit and the running total to the
 * end of that day.
 *
 * @example
 * ```ts
 * import type { CumulativePoint } from '@matchkit/sdk/tracker';
 * const p: CumulativePoint = { day: '2025-08-11', profit: 1250, cumulative: 3100 };
 * ```
 */
export interface CumulativePoint {
  /** The Europe/London day, `YYYY-MM-DD`. */
  readonly day: string;
  /** The settled profit of the bets settled that day, in pence. */
  readonly profit: Pence;
  /** The settled profit of every bet settled up to the end of that day, in pence. */
  readonly cumulative: Pence;
}

const settledInOrder = (bets: readonly TrackedBet[]): TrackedBet[] =>
  bets
    .filter((b) => b.status === 'settled' && isPossible(b))
    .sort((a, b) => (a.settledAt ?? 0) - (b.settledAt ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/**
 * The cumulative settled profit by UK day: one point per Europe/London day on which a bet was
 * settled, in day order. Open and void bets are left out. The last point's `cumulative` is
 * {@link trackerTotals}' `profit`.
 *
 * @param bets - the bets
 * @returns the daily points
 * @throws MatchkitValidationError naming every bad field
 *
 * @example
 * ```ts
 * import { cumulativeProfit } from '@matchkit/sdk/tracker';
 * cumulativeProfit([]); // []
 * ```
 */
export function cumulativeProfit(bets: readonly TrackedBetInput[]): readonly CumulativePoint[] {
  const day = londonCalendar().date;
  const points: { day: string; profit: number; cumulative: number }[] = [];
  let running = 0;
  for (const b of settledInOrder([...readBets(bets, 'cumulativeProfit input')])) {
    const d = day(b.settledAt ?? 0);
    const p = b.settledProfit ?? 0;
    running = plus(running, p);
    const last = points[points.length - 1];
    if (last !== undefined && last.day === d) {
      last.profit = plus(last.profit, p);
      last.cumulative = running;
    } else points.push({ day: d, profit: p, cumulative: running });
  }
  return Object.freeze(points.map((p) => Object.freeze(p)));
}

/**
 * The largest fall of the cumulative settled profit from a running peak ({@link maxDrawdown}).
 *
 * @example
 * ```ts
 * import type { Drawdown } from '@matchkit/sdk/tracker';
 * const d: Drawdown = { amount: 500, peak: 1200, trough: 700, peakAt: 1754913600000, troughAt: 1755000000000 };
 * ```
 */
export interface Drawdown {
  /** peak − trough, in pence; 0 when the cumulative profit never fell. */
  readonly amount: Pence;
  /** The cumulative profit at the peak, in pence (0 before the first bet). */
  readonly peak: Pence;
  /** The cumulative profit at the trough, in pence. */
  readonly trough: Pence;
  /** When the peak was reached (the settlement of the bet that reached it), or null for the start (or no fall). */
  readonly peakAt: number | null;
  /** When the trough was reached, or null when there was no fall. */
  readonly troughAt: number | null;
}

/**
 * The maximum drawdown of the settled profit: walk the settled bets in settlement order (by
 * `settledAt`, then id), keeping the cumulative profit C (starting at 0 before the first bet);
 * the drawdown at a bet is the highest C so far (the start included) minus C there; the maximum
 * drawdown is the largest of these, with the earliest peak and trough that give it. Bet by bet,
 * not day by day, so a fall and a recovery on the same day are seen.
 *
 * @param bets - the bets (open and void ones are left out)
 * @returns the amount, the peak and trough values and their instants
 * @throws MatchkitValidationError naming every bad field
 *
 * @example
 * ```ts
 * import { maxDrawdown } from '@matchkit/sdk/tracker';
 * maxDrawdown([]).amount; // 0
 * ```
 */
export function maxDrawdown(bets: readonly TrackedBetInput[]): Drawdown {
  let best: Drawdown = { amount: 0, peak: 0, trough: 0, peakAt: null, troughAt: null };
  let c = 0;
  let peak = 0;
  let peakAt: number | null = null;
  for (const b of settledInOrder([...readBets(bets, 'maxDrawdown input')])) {
    c = plus(c, b.settledProfit ?? 0);
    if (c > peak) {
      peak = c;
      peakAt = b.settledAt;
    } else if (peak - c > best.amount) best = { amount: peak - c, peak, trough: c, peakAt, troughAt: b.settledAt };
  }
  return Object.freeze(best);
}

/**
 * One point of {@link drawdownSeries}: where the cumulative settled profit stood at the end of a
 * UK day against its highest point so far.
 *
 * @example
 * ```ts
 * import type { DrawdownPoint } from '@matchkit/sdk/tracker';
 * const p: DrawdownPoint = { day: '2025-08-15', cumulative: -4318, peak: 682, drawdown: 5000 };
 * ```
 */
export interface DrawdownPoint {
  /** The Europe/London day, `YYYY-MM-DD`. */
  readonly day: string;
  /** The settled profit of every bet settled up to the end of that day, in pence ({@link cumulativeProfit}'s). */
  readonly cumulative: Pence;
  /** The highest end-of-day cumulative profit so far, the start (0) included, in pence. */
  readonly peak: Pence;
  /** peak − cumulative, in pence: how far below its best the profit stands (0 at a new high). */
  readonly drawdown: Pence;
}

/**
 * The drawdown by UK day, for an "underwater" chart: for each point of {@link cumulativeProfit},
 * the highest end-of-day cumulative profit so far (the start, 0, included) and how far the day
 * ended below it. Measured at the end of each day, so its largest `drawdown` is at most
 * {@link maxDrawdown}'s `amount`, which also sees falls within a day.
 *
 * @param bets - the bets (open and void ones are left out)
 * @returns one point per UK day on which a bet settled, in day order
 * @throws MatchkitValidationError naming every bad field
 *
 * @example
 * ```ts
 * import { drawdownSeries } from '@matchkit/sdk/tracker';
 * drawdownSeries([]); // []
 * ```
 */
export function drawdownSeries(bets: readonly TrackedBetInput[]): readonly DrawdownPoint[] {
  let peak = 0;
  return Object.freeze(
    cumulativeProfit(bets).map(({ day, cumulative }) => {
      peak = Math.max(peak, cumulative);
      return Object.freeze({ day, cumulative, peak, drawdown: peak - cumulative });
    }),
  );
}

/**
 * Options of {@link goalProgress}.
 *
 * @example
 * ```ts
 * import type { GoalProgressOptions } from '@matchkit/sdk/tracker';
 * const options: GoalProgressOptions = { goal: 'goal-300-600', month: '2025-08' };
 * ```
 */
export interface GoalProgressOptions {
  /** The id of one of the brand's onboarding goals (`goal-300-600`, ...). */
  readonly goal: string;
  /** The Europe/London month, `YYYY-MM`. */
  readonly month: string;
}

/**
 * Progress of one UK month's settled profit against a monthly goal ({@link goalProgress}).
 *
 * @example
 * ```ts
 * import type { GoalProgress } from '@matchkit/sdk/tracker';
 * const done = (p: GoalProgress) => p.reachedMin;
 * ```
 */
export interface GoalProgress {
  /** The goal's id. */
  readonly goal: string;
  /** The month, `YYYY-MM`. */
  readonly month: string;
  /** The settled profit of the bets settled in that month (every profit type), in pence. */
  readonly profit: Pence;
  /** The goal's lower target, in pence. */
  readonly monthlyMin: Pence;
  /** The goal's upper target, in pence. */
  readonly monthlyMax: Pence;
  /** True when the goal is open-ended ("or more"). */
  readonly orMore: boolean;
  /** profit ≥ monthlyMin. */
  readonly reachedMin: boolean;
  /** profit ≥ monthlyMax. */
  readonly reachedMax: boolean;
  /** What is still needed to reach monthlyMin, in pence (0 once reached). */
  readonly toMin: Pence;
  /** What is still needed to reach monthlyMax, in pence (0 once reached). */
  readonly toMax: Pence;
  /** profit / monthlyMin as a plain ratio (negative after a losing month; above 1 past the target). */
  readonly shareOfMin: number;
}

const GOAL_OPTIONS = /* @__PURE__ */ fields<{ goal: string; month: string }>({ goal: [text(true), ''], month: [text(true), ''] });

/**
 * Progress against the member's monthly goal (the onboarding cash targets of the brand): the
 * settled profit of the bets settled in one Europe/London month, every profit type included,
 * against the goal's `monthlyMin` and `monthlyMax`.
 *
 * @param brand - the brand whose onboarding goals to read
 * @param bets - the bets
 * @param options - the goal id and the month
 * @returns the month's profit and where it stands against the goal
 * @throws MatchkitValidationError naming every bad field (an unknown goal, a malformed month, a bad bet)
 *
 * @example
 * ```ts
 * import { goalProgress } from '@matchkit/sdk/tracker';
 * goalProgress('primary', [], { goal: 'goal-300-600', month: '2025-08' }).toMin; // 30000
 * ```
 */
export function goalProgress(brand: BrandRef, bets: readonly TrackedBetInput[], options: GoalProgressOptions): GoalProgress {
  const goals = resolveBrand(brand).onboarding.goals;
  const issues: ValidationIssue[] = [];
  const { goal: goalId, month } = collect(GOAL_OPTIONS, options, issues, 'options');
  const goal = goals.find((g) => g.id === goalId);
  if (goalId !== '' && goal === undefined) {
    issues.push({ path: 'options.goal', message: `must be one of the brand's goals (${goals.map((g) => g.id).join(', ')})` });
  }
  if (month !== '' && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    issues.push({ path: 'options.month', message: 'must be a month written YYYY-MM' });
  const valid = collectBets(bets, issues);
  throwIfAny(issues, 'goalProgress input');
  const day = londonCalendar().date;
  const profit = valid
    .filter((b) => b.status === 'settled' && isPossible(b) && day(b.settledAt ?? 0).slice(0, 7) === month)
    .reduce((s, b) => plus(s, b.settledProfit ?? 0), 0);
  const g = goal as NonNullable<typeof goal>;
  return Object.freeze({
    goal: g.id,
    month,
    profit,
    monthlyMin: g.monthlyMin,
    monthlyMax: g.monthlyMax,
    orMore: g.orMore,
    reachedMin: profit >= g.monthlyMin,
    reachedMax: profit >= g.monthlyMax,
    toMin: Math.max(0, g.monthlyMin - profit),
    toMax: Math.max(0, g.monthlyMax - profit),
    shareOfMin: g.monthlyMin === 0 ? (profit >= 0 ? 1 : 0) : profit / g.monthlyMin,
  });
}
