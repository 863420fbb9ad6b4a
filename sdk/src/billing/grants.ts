import { resolveBrand } from '../brands/brands';
import type { Brand, BrandRef } from '../brands/schema';
import { grantedCapabilities } from '../entitlements/entitlements';
import type { CapabilityCode } from '../model/schemas';
import type { InstantInput } from '../sales/sales';
import { isRecord } from '../internal/guards';
import { at, londonWords, readInstant, readObject, readString, throwIfAny, type Issues } from './check';

/**
 * A grant of access in a member's ledger: a payment (a {@link Charge} fits) or a trial (a
 * {@link TrialGrant} fits). It grants the plan's capabilities from `periodStart` (inclusive) to
 * `periodEnd` (exclusive), unless refunded.
 *
 * @example
 * ```ts
 * import type { LedgerGrant } from '@matchkit/sdk/billing';
 * const paid: LedgerGrant = {
 *   type: 'payment', id: 'pay_1', plan: 'diamond',
 *   periodStart: new Date('2026-02-01T00:00:00Z'), periodEnd: new Date('2026-03-01T00:00:00Z'),
 * };
 * ```
 */
export interface LedgerGrant {
  /** A payment or a free trial. */
  readonly type: 'payment' | 'trial';
  /** Unique id in the ledger; refunds name payments by it. */
  readonly id: string;
  /** The plan whose capabilities it grants. */
  readonly plan: string;
  /** First instant of access (inclusive). */
  readonly periodStart: InstantInput;
  /** End of access (exclusive). */
  readonly periodEnd: InstantInput;
  /**
   * When it was paid (for a trial, when it was granted). A refund must not be before it. A
   * {@link Charge} carries its charge instant here, which is earlier than `periodStart` for a
   * renewal (taken before its no-charge window) and for an upgrade charge of a term not yet begun.
   * @defaultValue periodStart
   */
  readonly at?: InstantInput;
  /**
   * For a payment that builds on another (an upgrade charge on the latest charge of its term: the
   * previous upgrade, else the term's charge): the id of that payment. Refunding it, or any payment
   * further down the chain, takes this grant away too, from the refund on.
   * @defaultValue null
   */
  readonly basePaymentId?: string | null;
}

/**
 * A refund of a payment: from `at` on, what the payment granted is taken away.
 *
 * @example
 * ```ts
 * import type { LedgerRefund } from '@matchkit/sdk/billing';
 * const refund: LedgerRefund = { type: 'refund', paymentId: 'pay_1', at: new Date('2026-02-03T10:00:00Z') };
 * ```
 */
export interface LedgerRefund {
  /** Discriminant. */
  readonly type: 'refund';
  /** The `id` of the refunded payment. */
  readonly paymentId: string;
  /** When the refund was made. */
  readonly at: InstantInput;
}

/**
 * One entry of a member's billing ledger. The events of {@link subscriptionEvents} are ledger
 * entries as they are.
 *
 * @example
 * ```ts
 * import type { LedgerEvent } from '@matchkit/sdk/billing';
 * const ledger: LedgerEvent[] = [
 *   { type: 'payment', id: 'pay_1', plan: 'diamond', periodStart: Date.UTC(2026, 1, 1), periodEnd: Date.UTC(2026, 2, 1) },
 *   { type: 'refund', paymentId: 'pay_1', at: Date.UTC(2026, 1, 3) },
 * ];
 * ```
 */
export type LedgerEvent = LedgerGrant | LedgerRefund;

/**
 * The access a member holds at an instant.
 *
 * @example
 * ```ts
 * import type { HeldAccess } from '@matchkit/sdk/billing';
 * const none: HeldAccess = { capabilities: [], plans: [], grants: [] };
 * ```
 */
export interface HeldAccess {
  /** Every capability code held, sorted: the union of the plans' capabilities from the entitlements module. */
  readonly capabilities: readonly CapabilityCode[];
  /** The plans held, in the brand's plan order. */
  readonly plans: readonly string[];
  /** The ids of the grants in force, in ledger order. */
  readonly grants: readonly string[];
}

/** The capability codes of a plan: the entitlements module's, never a copy. Kept in one place. */
function planCapabilities(b: Brand, plan: string): readonly CapabilityCode[] {
  return grantedCapabilities(b, plan);
}

/**
 * The capabilities a member holds at `now`, from their ledger: every payment and trial whose
 * period contains `now` grants its plan's capabilities (the entitlements module's
 * `grantedCapabilities`), except a payment refunded at or before `now`, or one whose base payment
 * (`basePaymentId`, followed to the end of the chain) is. So a refund takes away exactly what its
 * payment granted and what was bought on top of it (an upgrade in its term), from the refund on; a lapse (the last paid period over with
 * no payment after it) leaves nothing; and a cancellation takes nothing away by itself, since
 * access lasts to the end of what was paid. The result does not depend on the ledger's order,
 * so a server and a browser holding the same entries agree.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param ledger - payments, trials and refunds (the events of {@link subscriptionEvents} fit)
 * @param now - the instant; pass your clock's value (no hidden `Date.now()`)
 * @returns the capability codes, plans and grant ids in force at `now`
 * @throws MatchkitValidationError listing every bad entry: an unknown plan, a bad instant, a period that ends before it starts, a repeated id, a refund or a base payment id naming no payment, a refund dated before the payment it refunds (its `at`, else its `periodStart`), a second refund of one payment, a chain of base payments that loops
 *
 * @example
 * ```ts
 * import { capabilitiesAt } from '@matchkit/sdk/billing';
 * const ledger = [
 *   { type: 'payment', id: 'pay_1', plan: 'platinum', periodStart: Date.UTC(2026, 1, 1), periodEnd: Date.UTC(2026, 2, 1) },
 * ] as const;
 * capabilitiesAt('primary', ledger, Date.UTC(2026, 1, 10)).plans; // ['platinum']
 * capabilitiesAt('primary', ledger, Date.UTC(2026, 2, 1)).plans; // []: lapsed
 * ```
 */
export function capabilitiesAt(brand: BrandRef, ledger: readonly LedgerEvent[], now: InstantInput): HeldAccess {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  const t = readInstant(now, 'now', issues);
  const grants: {
    id: string;
    plan: string;
    start: number;
    end: number;
    paidAt: number;
    payment: boolean;
    base: string | null;
    path: string;
  }[] = [];
  const refunds: { paymentId: string; at: number; path: string }[] = [];
  if (!Array.isArray(ledger)) {
    issues.push({ path: 'ledger', message: 'expected an array of ledger events' });
  } else {
    const seen = new Set<string>();
    const paymentIds = new Set(
      (ledger as readonly unknown[]).flatMap((e) =>
        isRecord(e) && e['type'] === 'payment' && typeof e['id'] === 'string' ? [e['id']] : [],
      ),
    );
    ledger.forEach((raw: unknown, i) => {
      const p = at('ledger', i);
      const e = readObject(raw, p, issues);
      if (e['type'] === 'refund') {
        const paymentId = readString(e['paymentId'], at(p, 'paymentId'), issues);
        if (paymentId !== '' && !paymentIds.has(paymentId)) {
          issues.push({ path: at(p, 'paymentId'), message: `names no payment of the ledger ("${paymentId}")` });
        }
        refunds.push({ paymentId, at: readInstant(e['at'], at(p, 'at'), issues), path: p });
      } else if (e['type'] === 'payment' || e['type'] === 'trial') {
        const id = readString(e['id'], at(p, 'id'), issues);
        if (id !== '' && seen.has(id)) issues.push({ path: at(p, 'id'), message: `repeats the id "${id}" of an earlier entry` });
        seen.add(id);
        const plan = readString(e['plan'], at(p, 'plan'), issues);
        if (plan !== '' && !b.plans.some((x) => x.name === plan)) {
          issues.push({ path: at(p, 'plan'), message: `must be a plan of the ${b.id} brand (${b.plans.map((x) => x.name).join(', ')})` });
        }
        const start = readInstant(e['periodStart'], at(p, 'periodStart'), issues);
        const end = readInstant(e['periodEnd'], at(p, 'periodEnd'), issues);
        if (end < start) issues.push({ path: at(p, 'periodEnd'), message: 'must not be before periodStart' });
        const paidAt = e['at'] === undefined ? start : readInstant(e['at'], at(p, 'at'), issues);
        let base: string | null = null;
        if (e['basePaymentId'] !== undefined && e['basePaymentId'] !== null) {
          const basePath = at(p, 'basePaymentId');
          if (e['type'] !== 'payment') issues.push({ path: basePath, message: 'only a payment builds on another payment' });
          base = readString(e['basePaymentId'], basePath, issues);
          if (base !== '' && !paymentIds.has(base)) issues.push({ path: basePath, message: `names no payment of the ledger ("${base}")` });
          else if (base === id) issues.push({ path: basePath, message: 'must not name the payment itself' });
        }
        grants.push({ id, plan, start, end, paidAt, payment: e['type'] === 'payment', base, path: p });
      } else if (isRecord(raw)) {
        issues.push({ path: at(p, 'type'), message: "must be 'payment', 'trial' or 'refund'" });
      }
    });
  }
  // A chain of base payments must end: report each payment whose chain comes back to itself.
  const byId = new Map(grants.filter((g) => g.payment).map((g) => [g.id, g]));
  for (const g of grants) {
    const seen = new Set([g.id]);
    for (let b = g.base; b !== null; b = byId.get(b)?.base ?? null) {
      if (seen.has(b)) {
        if (b === g.id) issues.push({ path: at(g.path, 'basePaymentId'), message: 'its chain of base payments comes back to it' });
        break;
      }
      seen.add(b);
    }
  }
  // A refund comes at or after its payment, and a payment is refunded once.
  const refunded = new Set<string>();
  for (const r of refunds) {
    const paidAt = byId.get(r.paymentId)?.paidAt;
    if (paidAt !== undefined && Number.isFinite(r.at) && r.at < paidAt) {
      issues.push({
        path: at(r.path, 'at'),
        message: `must not be before the payment it refunds ("${r.paymentId}", paid on ${londonWords(paidAt)}, London time)`,
      });
    }
    if (byId.has(r.paymentId)) {
      if (refunded.has(r.paymentId))
        issues.push({ path: at(r.path, 'paymentId'), message: `refunds "${r.paymentId}" again: a payment is refunded once` });
      refunded.add(r.paymentId);
    }
  }
  throwIfAny('billing ledger', issues);

  const refundedBy = (id: string): boolean => refunds.some((r) => r.paymentId === id && r.at <= t);
  const revoked = (g: (typeof grants)[number]): boolean => {
    if (!g.payment) return false;
    for (let id: string | null = g.id; id !== null; id = byId.get(id)?.base ?? null) if (refundedBy(id)) return true;
    return false;
  };
  const inForce = grants.filter((g) => g.start <= t && t < g.end && !revoked(g));
  const codes = new Set<CapabilityCode>();
  const plans = new Set<string>();
  for (const g of inForce) {
    plans.add(g.plan);
    for (const code of planCapabilities(b, g.plan)) codes.add(code);
  }
  return {
    capabilities: [...codes].sort(),
    plans: b.plans.map((x) => x.name).filter((name) => plans.has(name)),
    grants: inForce.map((g) => g.id),
  };
}
