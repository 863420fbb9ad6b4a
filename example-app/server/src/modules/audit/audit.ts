// The administrators' audit log: every administrator's action, who, what, on what, when, and the
// state before and after, written in the transaction of the change itself wherever the change has
// one (so a change is never committed without its line, nor a line without its change). The table
// refuses UPDATE, DELETE and TRUNCATE (migration 0017): the log is read, never edited.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAudit, users } from '../../db/schema';

/** One administrator's action. */
export interface AdminAction {
  /** The administrator's member id. */
  readonly adminId: string;
  /** The operation (`adminRefundPayment`, `adminSaveOffer`, ...). */
  readonly action: string;
  /** What it acted on: a member id, a payment id, an offer slug... */
  readonly target: string;
  /** The state before (null: nothing, or not applicable) and after. */
  readonly before: unknown;
  readonly after: unknown;
  /** Epoch ms. */
  readonly at: number;
}

/** Writes `action` to the audit log (in `db`'s transaction when given one). */
export async function recordAdminAction(db: Db, action: AdminAction): Promise<void> {
  await db.insert(adminAudit).values({
    at: new Date(action.at),
    adminId: action.adminId,
    action: action.action,
    target: action.target,
    before: action.before ?? null,
    after: action.after ?? null,
  });
}

/** A line of the log, with its administrator's email as it is now (null: their account was closed). */
export type AuditRow = typeof adminAudit.$inferSelect & { readonly adminEmail: string | null };

/** Up to `limit` lines, newest first, after the line `afterId` (exclusive), of one target when given. */
export async function auditPage(db: Db, limit: number, afterId: number | null, target: string | null): Promise<AuditRow[]> {
  const rows = await db
    .select({ line: adminAudit, adminEmail: users.email })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.adminId))
    .where(and(afterId === null ? undefined : lt(adminAudit.id, afterId), target === null ? undefined : eq(adminAudit.target, target)))
    .orderBy(desc(adminAudit.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.line, adminEmail: r.adminEmail }));
}
