import { eq } from 'drizzle-orm';
import { capabilityCodeSchema } from '@matchkit/sdk/model';
import type { MutationAdminSetAdditionalCapabilitiesArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { revokeLiveAccess } from '../../auth/revocation';
import { users } from '../../db/schema';
import { recordAdminAction } from '../audit/audit';
import { failure } from '../module';
import { requireAdmin } from './require-admin';

const CODES_MAX = 100;

/** Whether the sdk's `schema` accepts `value`, through its Standard Schema interface (the app needs no schema library for it). */
function accepts(
  schema: { readonly '~standard': { validate(value: unknown): { readonly issues?: unknown } | Promise<unknown> } },
  value: unknown,
) {
  const result = schema['~standard'].validate(value);
  return !(result instanceof Promise) && (result as { readonly issues?: unknown }).issues === undefined;
}

/**
 * Mutation.adminSetAdditionalCapabilities (administrators): replaces a member's additional
 * capabilities with `codes` (each a capability code by the sdk's schema; repeats kept once).
 * Setting the same list again is no change, never a CONFLICT. Each change is written to the audit log
 * (in its transaction) and the log with the administrator, the member and the lists before and after. A code
 * taken away revokes the member's live access as 'access-changed', so a subscription that needed
 * it ends at once in every process.
 */
export async function adminSetAdditionalCapabilities(_: unknown, args: MutationAdminSetAdditionalCapabilitiesArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  if (args.codes.length > CODES_MAX)
    return failure('BAD_INPUT', `codes must list at most ${CODES_MAX} codes (got ${args.codes.length})`, 'codes');
  const bad = args.codes.flatMap((code, i) => (accepts(capabilityCodeSchema, code) ? [] : [{ path: `codes.${i}`, code }]));
  if (bad.length > 0) {
    const message = bad.map((b) => `${b.path}: ${JSON.stringify(b.code)} is not a capability code (PA-CAP-006)`).join('; ');
    return failure('BAD_INPUT', message, (bad[0] as { path: string }).path);
  }
  const codes = [...new Set(args.codes)];
  const before = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ additionalCapabilities: users.additionalCapabilities })
      .from(users)
      .where(eq(users.id, args.member))
      .for('update');
    if (row === undefined) return null;
    await tx.update(users).set({ additionalCapabilities: codes }).where(eq(users.id, args.member));
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminSetAdditionalCapabilities',
      target: args.member,
      before: row.additionalCapabilities,
      after: codes,
      at: ctx.now,
    });
    return row.additionalCapabilities;
  });
  if (before === null) return failure('NOT_FOUND', `There is no member "${args.member}".`, 'member');
  if (before.some((code) => !codes.includes(code))) await revokeLiveAccess(ctx.deps, { userId: args.member, reason: 'access-changed' });
  ctx.logger.info(
    { audit: 'adminSetAdditionalCapabilities', admin: admin.user.id, member: args.member, before, after: codes },
    'additional capabilities set',
  );
  return { ok: true, error: null };
}
