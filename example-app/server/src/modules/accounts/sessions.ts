// The member's signed-in devices: Query.mySessions lists them (the browser, system and kind of
// device read from the stored user agent with ua-parser-js), Mutation.endSession signs one out.
import UAParser from 'ua-parser-js';
import type { MutationEndSessionArgs } from '../../generated/resolvers';
import { revokeLiveAccess } from '../../auth/revocation';
import { liveSessions, revokeSession, type SessionRow } from '../../auth/sessions';
import type { RequestContext } from '../../kernel';
import { failure, requireViewer } from '../module';
import { clearSessionCookies } from './kit';

/** What a user agent says of its device, in the schema's terms. */
export function deviceOf(userAgent: string | null): {
  deviceType: 'COMPUTER' | 'PHONE' | 'TABLET' | 'OTHER';
  browser: string | null;
  os: string | null;
} {
  if (userAgent === null || userAgent === '') return { deviceType: 'OTHER', browser: null, os: null };
  const parsed = new UAParser(userAgent).getResult();
  const type = parsed.device.type;
  const deviceType =
    type === 'mobile' ? 'PHONE' : type === 'tablet' ? 'TABLET' : type === undefined && parsed.os.name !== undefined ? 'COMPUTER' : 'OTHER';
  return { deviceType, browser: parsed.browser.name ?? null, os: parsed.os.name ?? null };
}

function deviceOfRow(row: SessionRow, currentId: string) {
  return {
    id: row.id,
    ...deviceOf(row.userAgent),
    ipAddress: row.ipAddress,
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === currentId,
    keepSignedIn: row.persistent,
  };
}

/** Query.mySessions: the member's live sessions, most recently used first. */
export async function mySessions(_: unknown, __: unknown, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const currentId = (ctx.viewer as NonNullable<RequestContext['viewer']>).sessionId;
  return (await liveSessions(ctx.db, userId, ctx.now)).map((row) => deviceOfRow(row, currentId));
}

/**
 * Mutation.endSession: signs out one of the member's devices: the session is revoked (its tokens
 * stop working) and its live streams end (revokeLiveAccess). Ending this device's own session
 * clears its cookies too. An id that is not a live session of the member's (another member's, an
 * ended one, a made-up one) is BAD_INPUT on `id`, the same answer for each.
 */
export async function endSession(_: unknown, { id }: MutationEndSessionArgs, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const ended = await revokeSession(ctx.db, userId, id, 'ended-from-another-device', ctx.now);
  if (!ended) return failure('BAD_INPUT', 'That device is not signed in to your account.', 'id');
  if (id === ctx.viewer?.sessionId) clearSessionCookies(ctx);
  await revokeLiveAccess(ctx.deps, { userId, sessionId: id, reason: 'signed-out' });
  ctx.logger.info({ userId, sessionId: id }, 'signed out a device');
  return { ok: true, error: null };
}
