import type { QueryAdminAuditLogArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireAdmin } from '../admin/require-admin';
import { refusal } from '../module';
import { connection, decodeCursor, readFirst } from '../paging';
import { auditPage } from './audit';

const TARGET_MAX = 200;

/** Query.adminAuditLog (administrators): the audit log newest first, before and after as JSON text. */
export async function adminAuditLog(_: unknown, args: QueryAdminAuditLogArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const first = readFirst(args.first, 200, 50);
  const after = decodeCursor(args.after, ['number'] as const);
  const target = args.target?.trim() ?? '';
  if (target.length > TARGET_MAX) throw refusal('BAD_INPUT', `target must be at most ${TARGET_MAX} characters`, 'target');
  const rows = await auditPage(ctx.db, first + 1, after?.[0] ?? null, target === '' ? null : target);
  const page = connection(rows, first, (r) => [r.id]);
  return {
    ...page,
    nodes: page.nodes.map((r) => ({
      id: String(r.id),
      at: r.at,
      admin: r.adminId,
      adminEmail: r.adminEmail,
      action: r.action,
      target: r.target,
      before: r.before === null ? null : JSON.stringify(r.before),
      after: r.after === null ? null : JSON.stringify(r.after),
    })),
  };
}
