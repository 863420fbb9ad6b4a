// What a member holds now: the capabilities of their billing ledger (the sdk's capabilitiesAt over
// the stored payments, trials and refunds) and their additional capabilities. Every entitlement
// decision on the server starts here and goes through @matchkit/sdk/entitlements, the same
// functions the browser uses.
import { and, eq, inArray } from 'drizzle-orm';
import { capabilitiesAt, type LedgerEvent } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import { canUseTool } from '@matchkit/sdk/entitlements';
import type { EntitledUser } from '@matchkit/sdk/model';
import type { Db } from '../../db/client';
import { ledger, refunds, users } from '../../db/schema';
import type { RequestContext } from '../../context';
import { refusal, requireViewer } from '../module';

/** A member row with what they hold at an instant. */
export interface MemberAccess {
  readonly user: typeof users.$inferSelect;
  /** Capability codes of the plans held (capabilitiesAt). */
  readonly capabilities: readonly string[];
  /** Codes granted on top of the plan. */
  readonly additionalCapabilities: readonly string[];
  /** The plans held, in the brand's order. */
  readonly plans: readonly string[];
  /** The member as the entitlements module reads it. */
  readonly entitled: EntitledUser;
}

/** The member's ledger in the sdk's shape. */
export async function loadLedger(db: Db, userId: string): Promise<LedgerEvent[]> {
  const grants = await db.select().from(ledger).where(eq(ledger.userId, userId));
  const ids = grants.map((g) => g.id);
  const refunded = ids.length === 0 ? [] : await db.select().from(refunds).where(and(eq(refunds.userId, userId), inArray(refunds.paymentId, ids)));
  return ledgerEventsOf(grants, refunded);
}

/** Stored ledger and refund rows as the sdk's LedgerEvent list (for one member). */
export function ledgerEventsOf(grants: readonly (typeof ledger.$inferSelect)[], refunded: readonly (typeof refunds.$inferSelect)[]): LedgerEvent[] {
  return [
    ...grants.map(
      (g): LedgerEvent => ({
        type: g.type,
        id: g.id,
        plan: g.plan,
        periodStart: g.periodStart.getTime(),
        periodEnd: g.periodEnd.getTime(),
        at: g.at.getTime(),
        basePaymentId: g.basePaymentId,
      }),
    ),
    ...refunded.map((r): LedgerEvent => ({ type: 'refund', paymentId: r.paymentId, at: r.at.getTime() })),
  ];
}

/** What the member `userId` holds at `now`, or null when there is no such member. */
export async function loadMemberAccess(db: Db, brand: Brand, userId: string, now: number): Promise<MemberAccess | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user === undefined) return null;
  const held = capabilitiesAt(brand, await loadLedger(db, userId), now);
  const capabilities = [...held.capabilities];
  const additionalCapabilities = [...user.additionalCapabilities];
  return { user, capabilities, additionalCapabilities, plans: [...held.plans], entitled: { capabilities, additionalCapabilities } as EntitledUser };
}

const memo = new WeakMap<RequestContext, Promise<MemberAccess | null>>();

/** The signed-in member's access, loaded once per request. Null when signed out. */
export function viewerAccess(ctx: RequestContext): Promise<MemberAccess | null> {
  if (ctx.viewer === null) return Promise.resolve(null);
  let p = memo.get(ctx);
  if (p === undefined) {
    p = loadMemberAccess(ctx.db, ctx.brand, ctx.viewer.userId, ctx.now);
    memo.set(ctx, p);
  }
  return p;
}

/** The signed-in member's access, or UNAUTHENTICATED. */
export async function requireMember(ctx: RequestContext): Promise<MemberAccess> {
  requireViewer(ctx);
  const access = await viewerAccess(ctx);
  if (access === null) throw refusal('UNAUTHENTICATED', 'Sign in to do this.');
  return access;
}

/**
 * The signed-in member's access when they may use the tool `slug` (the sdk's canUseTool: a
 * non-empty slug and a capability they hold); otherwise FORBIDDEN (UNAUTHENTICATED when signed out).
 */
export async function requireTool(ctx: RequestContext, slug: string): Promise<MemberAccess> {
  const access = await requireMember(ctx);
  if (!canUseTool(ctx.brand, access.entitled, slug)) throw refusal('FORBIDDEN', `Your plan does not include ${slug}.`);
  return access;
}

/**
 * For long-lived subscriptions: a check that the signed-in member still passes `allowed` (a refund,
 * a lapse or a removed capability ends what they may stream). It loads the member's access at the
 * app clock's current instant at most once every `everyMs` and throws FORBIDDEN when they no
 * longer pass (UNAUTHENTICATED when the member is gone).
 */
export function accessRecheck(ctx: RequestContext, allowed: (access: MemberAccess) => boolean, everyMs = 30_000): () => Promise<void> {
  let checkedAt = ctx.now;
  return async () => {
    const now = ctx.deps.clock();
    if (now - checkedAt < everyMs || ctx.viewer === null) return;
    checkedAt = now;
    const access = await loadMemberAccess(ctx.db, ctx.brand, ctx.viewer.userId, now);
    if (access === null) throw refusal('UNAUTHENTICATED', 'Sign in to do this.');
    if (!allowed(access)) throw refusal('FORBIDDEN', 'Your plan no longer includes this.');
  };
}
