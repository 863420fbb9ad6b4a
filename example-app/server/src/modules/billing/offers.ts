// What a purchase page (/subscribe/{slug}) sells at an instant, priced by the sdk: a plan name of
// the brand, an upgrade slug, or a sale payment link (valid only while its sale is active). The
// prices come from subscriptionEvents / subscriptionStatus / quoteUpgrade on the subscription the
// purchase would make, so the quote and what the renewal pass later charges are the same numbers.
import {
  findUpgrade,
  quoteUpgrade,
  subscriptionEvents,
  subscriptionStatus,
  type PlanUpgrade,
  type SubscriptionChange,
  type SubscriptionInput,
} from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import type { BillingTerm, Sale } from '@matchkit/sdk/model';
import { activeSale, salePaymentLink, saleWindow } from '@matchkit/sdk/sales';
import type { ErrorCode } from '../module';
import { londonDateTime } from '@matchkit/app-contract';
import { isRenewing, type SubscriptionState } from './subscriptions';

/** What a slug names, before pricing. */
export type SlugTarget =
  | { readonly kind: 'plan'; readonly plan: string }
  | { readonly kind: 'upgrade'; readonly upgrade: PlanUpgrade }
  | { readonly kind: 'sale'; readonly sale: Sale; readonly plan: string };

/** Reads a purchase slug: a plan, an upgrade or a sale link of the brand (active or not), or null. */
/** A plan as a member reads it: the catalogue's label ("Starter"), never its name. */
export function planLabel(brand: Brand, plan: string): string {
  return brand.plans.find((p) => p.name === plan)?.label ?? plan;
}

export function readSlug(brand: Brand, slug: string): SlugTarget | null {
  if (brand.plans.some((p) => p.name === slug)) return { kind: 'plan', plan: slug };
  if (brand.upgrades.some((u) => u.slug === slug)) return { kind: 'upgrade', upgrade: findUpgrade(brand, slug) };
  for (const sale of brand.sales) {
    for (const p of sale.plans) {
      if (salePaymentLink(sale, p.plan) === `/subscribe/${slug}`) return { kind: 'sale', sale, plan: p.plan };
    }
  }
  return null;
}

/** A priced purchase. */
export interface Offer {
  readonly slug: string;
  readonly kind: 'plan' | 'upgrade' | 'sale';
  /** The plan granted. */
  readonly plan: string;
  readonly term: BillingTerm;
  /** Pence charged at once. */
  readonly amountDueNow: number;
  /** The next charge's pence, or null when nothing more is charged. */
  readonly recurringAmount: number | null;
  readonly trialDays: number;
  readonly saleId: string | null;
}

/** Why a slug cannot be bought now. */
export interface OfferRefusal {
  readonly code: ErrorCode;
  readonly message: string;
  readonly field: 'slug' | 'billingTerm';
}

/** Who is buying: their current subscription, and whether they ever had one (no second trial). */
export interface Buyer {
  readonly current: SubscriptionState | null;
  readonly hadSubscription: boolean;
}

/** The id of a subscription that exists only to be priced. */
const QUOTE_ID = 'quote';

/** What the purchase of a new subscription charges at `at` and next, from the sdk's timeline. */
function priceNew(
  brand: Brand,
  plan: string,
  term: BillingTerm,
  at: number,
  trial: boolean,
): { now: number; next: number | null; saleId: string | null } {
  const sub: SubscriptionInput = { id: QUOTE_ID, plan, term, startedAt: at, trial };
  const charges = subscriptionEvents(brand, sub, at).filter((e) => e.type === 'payment' && e.at === at);
  const next = subscriptionStatus(brand, sub, at).nextCharge;
  const first = charges[0];
  return {
    now: charges.reduce((s, e) => s + (e.type === 'payment' ? e.amount : 0), 0),
    next: next?.amount ?? null,
    saleId: first !== undefined && first.type === 'payment' ? first.saleId : (next?.saleId ?? null),
  };
}

/**
 * Prices `slug` for `buyer` at `at`, or says why it cannot be bought (`forCheckout`: also refuse
 * what the member cannot start now, such as a second subscription or an upgrade of a plan they do
 * not hold). A quote (`forCheckout` false) for a visitor without the upgrade's plan prices the
 * upgrade at the start of a term: the whole term's difference, the most it costs.
 *
 * The trial rule (this server's, written in docs/server.md): a member's first subscription, bought
 * by a plan's slug on a monthly term, starts with the brand's trial (onboarding.trialDays) and its
 * first charge at the trial's end; yearly terms, sale links and upgrades are charged at once.
 */
export function priceSlug(
  brand: Brand,
  slug: string,
  requestedTerm: BillingTerm | null,
  at: number,
  buyer: Buyer,
  forCheckout: boolean,
): { ok: true; offer: Offer } | { ok: false; refusal: OfferRefusal } {
  const target = readSlug(brand, slug);
  if (target === null) {
    return {
      ok: false,
      refusal: { code: 'BAD_INPUT', field: 'slug', message: 'This page is not a plan, an upgrade or a sale link of this site' },
    };
  }
  const current = buyer.current;
  const blocksNew = forCheckout && current !== null && isRenewing(current);
  const newRefusal: OfferRefusal = {
    code: 'CONFLICT',
    field: 'slug',
    message: `You already have ${planLabel(brand, current?.status.plan ?? '')}. Upgrade it, or cancel it and subscribe again when it ends.`,
  };
  if (target.kind === 'sale') {
    const live = activeSale(brand, at);
    if (live?.id !== target.sale.id) {
      const w = saleWindow(target.sale);
      const when = at < w.start ? `starts on ${londonDateTime(w.start)}` : `ended on ${londonDateTime(w.endExclusive - 1)}`;
      return { ok: false, refusal: { code: 'BAD_INPUT', field: 'slug', message: `This sale link is not active: the sale ${when}` } };
    }
    if (requestedTerm === 'month')
      return { ok: false, refusal: { code: 'BAD_INPUT', field: 'billingTerm', message: 'A sale link sells a yearly term only' } };
    if (blocksNew) return { ok: false, refusal: newRefusal };
    const p = priceNew(brand, target.plan, 'year', at, false);
    return {
      ok: true,
      offer: {
        slug,
        kind: 'sale',
        plan: target.plan,
        term: 'year',
        amountDueNow: p.now,
        recurringAmount: p.next,
        trialDays: 0,
        saleId: p.saleId,
      },
    };
  }
  if (target.kind === 'plan') {
    if (blocksNew) return { ok: false, refusal: newRefusal };
    const term = requestedTerm ?? 'month';
    const trial = term === 'month' && !buyer.hadSubscription;
    const p = priceNew(brand, target.plan, term, at, trial);
    return {
      ok: true,
      offer: {
        slug,
        kind: 'plan',
        plan: target.plan,
        term,
        amountDueNow: p.now,
        recurringAmount: p.next,
        trialDays: trial ? brand.onboarding.trialDays : 0,
        saleId: p.saleId,
      },
    };
  }
  const u = target.upgrade;
  const holds = current !== null && current.status.plan === u.from && current.status.cancelledAt === null;
  if (holds) {
    if (requestedTerm !== null && requestedTerm !== current.input.term) {
      return {
        ok: false,
        refusal: {
          code: 'BAD_INPUT',
          field: 'billingTerm',
          message: `Your subscription is ${current.input.term}ly: an upgrade keeps its term`,
        },
      };
    }
    const change: SubscriptionChange = { type: 'upgrade', slug, at };
    const quote = quoteUpgrade(brand, current.input, { slug, at });
    const after = subscriptionStatus(brand, { ...current.input, changes: [...(current.input.changes ?? []), change] }, at).nextCharge;
    const saleId = quote.charges.find((c) => c.saleId !== null)?.saleId ?? null;
    return {
      ok: true,
      offer: {
        slug,
        kind: 'upgrade',
        plan: u.to,
        term: current.input.term,
        amountDueNow: quote.amount,
        recurringAmount: after?.amount ?? null,
        trialDays: 0,
        saleId,
      },
    };
  }
  if (forCheckout) {
    const held =
      current === null
        ? 'no plan'
        : current.status.cancelledAt !== null
          ? `a cancelled ${planLabel(brand, current.status.plan)} subscription`
          : planLabel(brand, current.status.plan);
    return {
      ok: false,
      refusal: {
        code: 'CONFLICT',
        field: 'slug',
        message: `This upgrade moves ${planLabel(brand, u.from)} to ${planLabel(brand, u.to)}, and you have ${held}.`,
      },
    };
  }
  // A visitor's quote: the upgrade bought at the start of a term of the from-plan.
  const term = requestedTerm ?? 'month';
  const base: SubscriptionInput = { id: QUOTE_ID, plan: u.from, term, startedAt: at };
  const quote = quoteUpgrade(brand, base, { slug, at });
  const after = subscriptionStatus(brand, { ...base, changes: [{ type: 'upgrade', slug, at }] }, at).nextCharge;
  const saleId = quote.charges.find((c) => c.saleId !== null)?.saleId ?? null;
  return {
    ok: true,
    offer: {
      slug,
      kind: 'upgrade',
      plan: u.to,
      term,
      amountDueNow: quote.amount,
      recurringAmount: after?.amount ?? null,
      trialDays: 0,
      saleId,
    },
  };
}
