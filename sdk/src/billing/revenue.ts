import { resolveBrand } from '../brands/brands';
import type { Brand, BrandRef } from '../brands/schema';
import type { BillingTerm, Pence } from '../model/schemas';
import type { InstantInput } from '../sales/sales';
import { isRecord } from '../internal/guards';
import { at as pathAt, readInstant, readObject, readPence, throwIfAny, type Issues } from './check';
import { capabilitiesAt, type LedgerEvent, type LedgerGrant } from './grants';
import { termPrice } from './timeline/prices';

/**
 * A step of a member's monthly recurring revenue: at `at` it went from `before` to `after` pence
 * a month (never equal).
 *
 * @example
 * ```ts
 * import type { RevenueChange } from '@matchkit/sdk/billing';
 * const upgraded: RevenueChange = { at: Date.UTC(2026, 2, 12), before: 3999, after: 4999 };
 * ```
 */
export interface RevenueChange {
  /** When it changed, in epoch milliseconds. */
  readonly at: number;
  /** The monthly recurring revenue just before `at`, in pence. */
  readonly before: Pence;
  /** The monthly recurring revenue from `at` on, in pence. */
  readonly after: Pence;
}

/**
 * What a {@link RevenueChange} is: `new` (from 0), `expansion` (up, from more than 0),
 * `contraction` (down, to more than 0) or `churned` (to 0).
 *
 * @example
 * ```ts
 * import type { RevenueMovement } from '@matchkit/sdk/billing';
 * const kinds: RevenueMovement[] = ['new', 'expansion', 'contraction', 'churned'];
 * ```
 */
export type RevenueMovement = 'new' | 'expansion' | 'contraction' | 'churned';

/**
 * A member's revenue over a window `[from, to)`: what it was as the window opened and as it
 * closed, and the pence each kind of change moved inside it (each a positive amount). Always
 * `mrrEnd = mrrStart + new + expansion - contraction - churned`.
 *
 * @example
 * ```ts
 * import type { RevenueMovements } from '@matchkit/sdk/billing';
 * const march: RevenueMovements = { mrrStart: 0, mrrEnd: 4999, new: 3999, expansion: 1000, contraction: 0, churned: 0 };
 * ```
 */
export interface RevenueMovements {
  /** The monthly recurring revenue just before `from` (the `after` of the last change before it). */
  readonly mrrStart: Pence;
  /** The monthly recurring revenue just before `to`, the window's last millisecond. */
  readonly mrrEnd: Pence;
  /** The `after` of each `new` change in the window, summed. */
  readonly new: Pence;
  /** `after - before` of each `expansion` in the window, summed. */
  readonly expansion: Pence;
  /** `before - after` of each `contraction` in the window, summed. */
  readonly contraction: Pence;
  /** The `before` of each `churned` change in the window, summed. */
  readonly churned: Pence;
}

/** A payment period longer than this is a yearly term: the longest month is 31 days, two 62. */
const YEAR_OVER_MS = 62 * 86_400_000;

const ms = (x: InstantInput): number => (x instanceof Date ? x.getTime() : x);

/** The payments of a ledger (already checked by capabilitiesAt) by id. */
function paymentsById(ledger: readonly LedgerEvent[]): Map<string, LedgerGrant> {
  const out = new Map<string, LedgerGrant>();
  for (const e of ledger) if (e.type === 'payment') out.set(e.id, e);
  return out;
}

/**
 * The monthly value of one payment in force: the recurring price of its plan on its term (the
 * term of the payment its chain of base payments starts from, so that an upgrade for the rest of
 * a yearly term counts as yearly), read at its charge instant.
 */
function monthlyValue(b: Brand, grant: LedgerGrant, payments: ReadonlyMap<string, LedgerGrant>): Pence {
  let root = grant;
  // capabilitiesAt has checked that every chain ends.
  while (root.basePaymentId !== undefined && root.basePaymentId !== null) root = payments.get(root.basePaymentId) ?? root;
  const term: BillingTerm = ms(root.periodEnd) - ms(root.periodStart) > YEAR_OVER_MS ? 'year' : 'month';
  const price = termPrice(b, grant.plan, { term, at: grant.at ?? grant.periodStart, first: false });
  return term === 'year' ? Math.floor(price / 12) : price;
}

/** The revenue of the grants `inForce` (ids), by the rule monthlyRevenueAt documents. */
function revenueOf(b: Brand, inForce: readonly string[], payments: ReadonlyMap<string, LedgerGrant>): Pence {
  const rank = (plan: string) => b.plans.findIndex((p) => p.name === plan);
  let best: LedgerGrant[] = [];
  let bestRank = -1;
  for (const id of inForce) {
    const g = payments.get(id);
    if (g === undefined) continue; // a trial
    const r = rank(g.plan);
    if (r > bestRank) [best, bestRank] = [[g], r];
    else if (r === bestRank) best.push(g);
  }
  return best.reduce((most, g) => Math.max(most, monthlyValue(b, g, payments)), 0);
}

/**
 * A member's monthly recurring revenue (MRR) at an instant, from their ledger, in pence a month.
 *
 * The rule: take the payments in force at `at` ({@link capabilitiesAt}'s `grants`, so a refunded
 * payment and every upgrade built on it count for nothing from the refund on; trials count for
 * nothing). Of those, take the highest plan in the brand's plan order (the upgrade order: on the
 * primary brand platinum, diamond, pro, pro plus), and of its payments the one worth most. Its
 * term is its chain's: the period of the payment its chain of base payments starts from (the
 * payment itself when it builds on none) is a year when it is longer than 62 days, else a month.
 * Its value is the plan's recurring price for that term as charged at the payment's instant (its
 * `at`, else its `periodStart`): {@link termPrice} with `first: false`, so a first month's price
 * and a prorated upgrade's amount never count, and a sale price in force then does. A yearly
 * price counts as `Math.floor(price / 12)` a month, rounded down to the penny (£350 a year is
 * 2916 pence a month; twelve of them are at most 11 pence short of the year). 0 when no payment
 * is in force.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param ledger - payments, trials and refunds (the events of {@link subscriptionEvents} fit)
 * @param at - the instant
 * @returns pence a month, a whole number, 0 or more
 * @throws MatchkitValidationError naming `at` when it is not an instant, and every bad ledger entry as {@link capabilitiesAt} does
 *
 * @example
 * ```ts
 * import { monthlyRevenueAt } from '@matchkit/sdk/billing';
 * const ledger = [
 *   { type: 'payment', id: 'pay_1', plan: 'pro', periodStart: Date.UTC(2026, 0, 10), periodEnd: Date.UTC(2027, 0, 10) },
 * ] as const;
 * monthlyRevenueAt('primary', ledger, Date.UTC(2026, 5, 1)); // 8291: £995 a year, floor(99500 / 12)
 * monthlyRevenueAt('primary', ledger, Date.UTC(2027, 0, 10)); // 0: lapsed
 * ```
 */
export function monthlyRevenueAt(brand: BrandRef, ledger: readonly LedgerEvent[], at: InstantInput): Pence {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  const t = readInstant(at, 'at', issues);
  throwIfAny('monthlyRevenueAt input', issues);
  const held = capabilitiesAt(b, ledger, t);
  return revenueOf(b, held.grants, paymentsById(ledger));
}

/**
 * Every change of a member's monthly recurring revenue ({@link monthlyRevenueAt}), in time order:
 * the instants it may change at are the starts and ends of the ledger's grants and its refunds;
 * at each whose revenue differs from the one before, a change. So for every instant `t`,
 * `monthlyRevenueAt(brand, ledger, t)` is the `after` of the last change at or before `t` (0 when
 * there is none), and each change's `before` is the previous one's `after` (0 for the first).
 * Changes after your clock's now may be listed: the end of a term paid for (a lapse unless a
 * renewal is added to the ledger before it).
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param ledger - payments, trials and refunds
 * @returns the changes, at strictly increasing instants; none for a ledger that never paid
 * @throws MatchkitValidationError listing every bad ledger entry, as {@link capabilitiesAt} does
 *
 * @example
 * ```ts
 * import { revenueChanges } from '@matchkit/sdk/billing';
 * const ledger = [
 *   { type: 'payment', id: 'pay_1', plan: 'platinum', periodStart: Date.UTC(2026, 1, 1), periodEnd: Date.UTC(2026, 2, 1) },
 *   { type: 'refund', paymentId: 'pay_1', at: Date.UTC(2026, 1, 3) },
 * ] as const;
 * const changes = revenueChanges('primary', ledger); // new on 1 February, churned on the 3rd (the refund)
 * changes.map((c) => [c.before, c.after]); // [[0, 3999], [3999, 0]]
 * changes.map((c) => c.at - Date.UTC(2026, 1, 1)); // [0, 172800000]
 * ```
 */
export function revenueChanges(brand: BrandRef, ledger: readonly LedgerEvent[]): readonly RevenueChange[] {
  const b = resolveBrand(brand);
  // Checks the ledger (every bad entry at once); the instant is a placeholder.
  capabilitiesAt(b, ledger, 0);
  const instants = new Set<number>();
  for (const e of ledger) {
    if (e.type === 'refund') instants.add(ms(e.at));
    else {
      instants.add(ms(e.periodStart));
      instants.add(ms(e.periodEnd));
    }
  }
  const payments = paymentsById(ledger);
  const changes: RevenueChange[] = [];
  let before = 0;
  for (const t of [...instants].sort((x, y) => x - y)) {
    const after = revenueOf(b, capabilitiesAt(b, ledger, t).grants, payments);
    if (after !== before) changes.push({ at: t, before, after });
    before = after;
  }
  return changes;
}

/** Reads one change at `path`; records every problem. */
function readChange(x: unknown, path: string, issues: Issues): RevenueChange {
  const c = readObject(x, path, issues);
  if (!isRecord(x)) return { at: NaN, before: NaN, after: NaN };
  const at = readInstant(c['at'], pathAt(path, 'at'), issues);
  const before = readPence(c['before'], pathAt(path, 'before'), issues);
  const after = readPence(c['after'], pathAt(path, 'after'), issues);
  if (before === after) issues.push({ path: pathAt(path, 'after'), message: 'must differ from before: a change changes the revenue' });
  return { at, before, after };
}

const kindOf = (c: RevenueChange): RevenueMovement =>
  c.before === 0 ? 'new' : c.after === 0 ? 'churned' : c.after > c.before ? 'expansion' : 'contraction';

/**
 * What kind of change a {@link RevenueChange} is: `new` from 0 to more, `churned` from more to 0,
 * `expansion` from more than 0 to more still (an upgrade, a dearer renewal), `contraction` from
 * more to less but not 0 (a downgrade, a refunded upgrade).
 *
 * @param change - a change, `before` and `after` whole pence, 0 or more, not equal
 * @returns its kind
 * @throws MatchkitValidationError naming each bad field (`change.at`, `change.before`, `change.after`)
 *
 * @example
 * ```ts
 * import { classifyRevenueChange } from '@matchkit/sdk/billing';
 * classifyRevenueChange({ at: 0, before: 0, after: 3999 }); // 'new'
 * classifyRevenueChange({ at: 0, before: 3999, after: 4999 }); // 'expansion'
 * classifyRevenueChange({ at: 0, before: 4999, after: 3999 }); // 'contraction'
 * classifyRevenueChange({ at: 0, before: 3999, after: 0 }); // 'churned'
 * ```
 */
export function classifyRevenueChange(change: RevenueChange): RevenueMovement {
  const issues: Issues = [];
  const c = readChange(change, 'change', issues);
  throwIfAny('classifyRevenueChange input', issues);
  return kindOf(c);
}

/**
 * A member's revenue movements over the window `[from, to)`, from their changes (as
 * {@link revenueChanges} gives them): `mrrStart` is the revenue just before `from`, `mrrEnd` just
 * before `to` (the window's last millisecond), and each change at or after `from` and before `to`
 * adds to its kind ({@link classifyRevenueChange}): a new change its `after`, an expansion or a
 * contraction the difference, a churn its `before`. So
 * `mrrEnd = mrrStart + new + expansion - contraction - churned`. Before the first change the
 * revenue is that change's `before` (0 for a whole history). For several members, add up each
 * member's movements.
 *
 * @param changes - one member's changes: instants strictly increasing, each `before` the previous `after`
 * @param from - the window's first instant (inclusive)
 * @param to - the instant after its last (exclusive), not before `from`
 * @returns the movements, in pence
 * @throws MatchkitValidationError naming each bad change field, a change out of order or not following the one before, and a bad `from` or `to`
 *
 * @example
 * ```ts
 * import { revenueMovements } from '@matchkit/sdk/billing';
 * const changes = [
 *   { at: Date.UTC(2026, 2, 2), before: 0, after: 3999 },
 *   { at: Date.UTC(2026, 2, 12), before: 3999, after: 4999 },
 * ];
 * revenueMovements(changes, Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 1)); // { mrrStart: 0, mrrEnd: 4999, new: 3999, expansion: 1000, contraction: 0, churned: 0 }
 * ```
 */
export function revenueMovements(changes: readonly RevenueChange[], from: InstantInput, to: InstantInput): RevenueMovements {
  const issues: Issues = [];
  const start = readInstant(from, 'from', issues);
  const end = readInstant(to, 'to', issues);
  if (end < start) issues.push({ path: 'to', message: 'must not be before from' });
  const list: RevenueChange[] = [];
  if (!Array.isArray(changes)) issues.push({ path: 'changes', message: 'expected an array of revenue changes' });
  else {
    (changes as readonly unknown[]).forEach((raw, i) => {
      const path = pathAt('changes', i);
      const c = readChange(raw, path, issues);
      const prev = list[i - 1];
      if (prev !== undefined && !(c.at > prev.at)) issues.push({ path: pathAt(path, 'at'), message: 'must be after the previous change' });
      if (prev !== undefined && c.before !== prev.after)
        issues.push({ path: pathAt(path, 'before'), message: `must be the previous change's after (${prev.after})` });
      list.push(c);
    });
  }
  throwIfAny('revenueMovements input', issues);
  const valueBefore = (t: number): Pence => {
    let v = list[0]?.before ?? 0;
    for (const c of list) {
      if (c.at >= t) break;
      v = c.after;
    }
    return v;
  };
  const out = { mrrStart: valueBefore(start), mrrEnd: valueBefore(end), new: 0, expansion: 0, contraction: 0, churned: 0 };
  for (const c of list) {
    if (c.at < start || c.at >= end) continue;
    const kind = kindOf(c);
    if (kind === 'new') out.new += c.after;
    else if (kind === 'churned') out.churned += c.before;
    else if (kind === 'expansion') out.expansion += c.after - c.before;
    else out.contraction += c.before - c.after;
  }
  return out;
}
