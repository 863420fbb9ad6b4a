// What a member holds now: the capabilities of their billing ledger (the sdk's capabilitiesAt over
// the stored payments, trials and refunds) and their additional capabilities. Every entitlement
// decision on the server starts here and goes through @matchkit/sdk/entitlements, the same
// functions the browser uses.
import { and, eq, sql } from 'drizzle-orm';
import { capabilitiesAt, type LedgerEvent } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import { canUseTool } from '@matchkit/sdk/entitlements';
import type { EntitledUser } from '@matchkit/sdk/model';
import type { Db } from '../../db/client';
import { ledger, refunds, sessions, users } from '../../db/schema';
import type { GrantRow, LiveSession, MemberAccess, MemberRecord, RefundRow, RequestContext, Viewer } from '../../kernel';
import { refusal, requireViewer } from '../module';
import { sessionHolds } from '../../context';

/**
 * The member row, left-joined to each of their ledger rows and its refund (a refund names at most
 * one payment): one row per ledger row, or one with null grant and refund when there is none; each
 * row also carries the member's unrevoked sessions.
 * Prepared once per database (the SQL is built once; on PostgreSQL it is a named statement).
 */
function prepareMemberRecordQuery(db: Db) {
  return db
    .select({
      user: users,
      grant: {
        id: ledger.id,
        type: ledger.type,
        plan: ledger.plan,
        periodStart: ledger.periodStart,
        periodEnd: ledger.periodEnd,
        at: ledger.at,
        basePaymentId: ledger.basePaymentId,
      },
      refund: { paymentId: refunds.paymentId, at: refunds.at },
      // The member's unrevoked sessions as [[id, expiry epoch ms], ...]: authentication checks an
      // access token's session with the same read (no query of its own).
      sessions: sql<
        [string, number][]
      >`(select coalesce(json_agg(json_build_array(s.id, (extract(epoch from s.expires_at) * 1000)::bigint)), '[]'::json) from ${sessions} s where s.user_id = ${users.id} and s.revoked_at is null)`,
    })
    .from(users)
    .leftJoin(ledger, eq(ledger.userId, users.id))
    .leftJoin(refunds, and(eq(refunds.paymentId, ledger.id), eq(refunds.userId, users.id)))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('member_record');
}

const memberRecordQueries = new WeakMap<Db, ReturnType<typeof prepareMemberRecordQuery>>();

/**
 * The member `userId` with their ledger and its refunds, in one query, or null when there is no
 * such member.
 */
export async function loadMemberRecord(db: Db, userId: string): Promise<MemberRecord | null> {
  let query = memberRecordQueries.get(db);
  if (query === undefined) {
    query = prepareMemberRecordQuery(db);
    memberRecordQueries.set(db, query);
  }
  const rows = await query.execute({ userId });
  const first = rows[0];
  if (first === undefined) return null;
  const grants: GrantRow[] = [];
  const refunded: RefundRow[] = [];
  for (const row of rows) {
    if (row.grant !== null) grants.push(row.grant);
    if (row.refund !== null) refunded.push(row.refund);
  }
  const live = parseSessions(first.sessions);
  return { user: first.user, grants, refunds: refunded, sessions: live };
}

/** The sessions column (json: PGlite and node-postgres parse it; a string is parsed here). */
function parseSessions(value: unknown): LiveSession[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as [string, number | string][];
  return list.map(([id, expiresAt]) => ({ id, expiresAt: Number(expiresAt) }));
}

/** The member's ledger in the sdk's shape. */
export async function loadLedger(db: Db, userId: string): Promise<LedgerEvent[]> {
  const record = await loadMemberRecord(db, userId);
  return record === null ? [] : ledgerEventsOf(record.grants, record.refunds);
}

/** Stored ledger and refund rows as the sdk's LedgerEvent list (for one member). */
export function ledgerEventsOf(grants: readonly GrantRow[], refunded: readonly RefundRow[]): LedgerEvent[] {
  return [
    ...grants.map((g): LedgerEvent => ({
      type: g.type,
      id: g.id,
      plan: g.plan,
      periodStart: g.periodStart.getTime(),
      periodEnd: g.periodEnd.getTime(),
      at: g.at.getTime(),
      basePaymentId: g.basePaymentId,
    })),
    ...refunded.map((r): LedgerEvent => ({ type: 'refund', paymentId: r.paymentId, at: r.at.getTime() })),
  ];
}

/** What the member of `record` holds at `now`. */
export function memberAccessOf(brand: Brand, record: MemberRecord, now: number): MemberAccess {
  const held = capabilitiesAt(brand, ledgerEventsOf(record.grants, record.refunds), now);
  const capabilities = [...held.capabilities];
  const additionalCapabilities = [...record.user.additionalCapabilities];
  return {
    user: record.user,
    capabilities,
    additionalCapabilities,
    plans: [...held.plans],
    entitled: { capabilities, additionalCapabilities } as EntitledUser,
  };
}

/** What the member `userId` holds at `now`, or null when there is no such member. */
export async function loadMemberAccess(db: Db, brand: Brand, userId: string, now: number): Promise<MemberAccess | null> {
  const record = await loadMemberRecord(db, userId);
  return record === null ? null : memberAccessOf(brand, record, now);
}

const memo = new WeakMap<RequestContext, Promise<MemberAccess | null>>();
/** Records read with the session check, by the viewer of the HTTP request that read them. */
const primed = new WeakMap<Viewer, MemberRecord>();

/**
 * Hands the viewer's record, read by the same query that checked the session version when the
 * HTTP request started, to the request's resolvers, so that viewerAccess needs no query of its own.
 * Keyed by the viewer object (made afresh for each HTTP request; yoga copies the context the app
 * makes into its own, so the context object itself is not the one resolvers see).
 */
export function primeViewerRecord(viewer: Viewer, record: MemberRecord): void {
  if (record.user.id === viewer.userId) primed.set(viewer, record);
}

/** The record read with `viewer`'s session check (primeViewerRecord), if any. */
export function primedRecordOf(viewer: Viewer): MemberRecord | null {
  return primed.get(viewer) ?? null;
}

/** The signed-in member's access, loaded once per request. Null when signed out. */
export function viewerAccess(ctx: RequestContext): Promise<MemberAccess | null> {
  if (ctx.viewer === null) return Promise.resolve(null);
  let p = memo.get(ctx);
  if (p === undefined) {
    const record = primed.get(ctx.viewer);
    p =
      record === undefined
        ? loadMemberAccess(ctx.db, ctx.brand, ctx.viewer.userId, ctx.now)
        : (async () => memberAccessOf(ctx.brand, record, ctx.now))();
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

/** The error message of a subscription the member's plan no longer covers. */
export const NO_LONGER_INCLUDED = 'Your plan no longer includes this.';

/** The rule each subscription's context subscribed under (accessRecheck's `allowed`). */
const subscriptionRules = new WeakMap<RequestContext, (access: MemberAccess) => boolean>();

/**
 * The rule the subscription of `ctx` passed when it started (given to accessRecheck), or null when
 * it has none: live-access.ts re-checks it at once when the member's access changes.
 */
export function subscriptionRuleOf(ctx: RequestContext): ((access: MemberAccess) => boolean) | null {
  return subscriptionRules.get(ctx) ?? null;
}

/**
 * For long-lived subscriptions: a check that the signed-in member still passes `allowed` (a refund,
 * a lapse or a removed capability ends what they may stream). It loads the member's access at the
 * app clock's current instant at most once every `everyMs` and throws FORBIDDEN when they no
 * longer pass (UNAUTHENTICATED when the member is gone or signed out everywhere: logout and a
 * password change end their streams too). `allowed` is also kept as the subscription's rule, which
 * live-access.ts applies at once when a revocation says the member's access changed. The check
 * answers undefined while not due, else the promise of the loaded check.
 */
export function accessRecheck(
  ctx: RequestContext,
  allowed: (access: MemberAccess) => boolean,
  everyMs = 30_000,
): () => Promise<void> | undefined {
  subscriptionRules.set(ctx, allowed);
  let checkedAt = ctx.now;
  // Not due: undefined at once, not a resolved promise (a thousand subscribers of the odds feed ask
  // at every patch; awaiting nothing would cost each a turn of the microtask queue).
  return () => {
    const now = ctx.deps.clock();
    if (now - checkedAt < everyMs || ctx.viewer === null) return undefined;
    checkedAt = now;
    return check(now);
  };
  async function check(now: number): Promise<void> {
    if (ctx.viewer === null) return;
    // The kept record (a thousand subscribers cost a thousand map reads, not a thousand queries on
    // the event loop at the same tick; on PostgreSQL they share one empty round trip).
    const record = await ctx.deps.memberRecords.load(ctx.viewer.userId);
    if (record === null || !sessionHolds(record, ctx.viewer, now)) throw refusal('UNAUTHENTICATED', 'Sign in to do this.');
    if (!allowed(memberAccessOf(ctx.brand, record, now))) throw refusal('FORBIDDEN', NO_LONGER_INCLUDED);
  }
}
