// DiscourseConnect (Discourse's single sign-on, https://meta.discourse.org/t/13045), the provider's
// half. Discourse sends the member here with `sso`, the Base64 of a query string holding `nonce`
// and `return_sso_url`, and `sig`, the hex HMAC-SHA256 of that Base64 text under the shared secret.
// The provider answers by sending the member to `return_sso_url` with its own `sso` (the member's
// fields, the same nonce) and `sig`, signed the same way.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The longest `sso` accepted: Discourse's is about 150 characters; anything near this is not Discourse's. */
export const MAX_SSO_LENGTH = 2048;

/** A request Discourse signed: where to send the member back, and the nonce to return. */
export interface DiscourseRequest {
  readonly nonce: string;
  readonly returnUrl: URL;
}

/** Why a request was refused: the parameter at fault and a sentence for the page that says so. */
export interface DiscourseRefusal {
  readonly field: 'sso' | 'sig' | 'nonce' | 'return_sso_url';
  readonly message: string;
}

/** What the forum is told about the member. */
export interface DiscourseMember {
  /** The member's id here: Discourse links its account to it, whatever the address or username become. */
  readonly externalId: string;
  /** A confirmed address only (the route refuses members who have not confirmed theirs). */
  readonly email: string;
  readonly username: string;
  readonly name: string;
  readonly admin: boolean;
}

/** The hex HMAC-SHA256 of `payload` under `secret`. */
export function discourseSignature(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}[\r\n]*$/;
const HEX_SIG = /^[0-9a-fA-F]{64}$/;
/** Discourse's nonces are 32 hex characters (SecureRandom.hex); this allows any plain token. */
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Checks and reads an incoming request: `sig` is compared in constant time before anything in
 * `sso` is read; `return_sso_url` must be on `forumUrl`'s origin, under its path when it has one
 * (never somewhere else).
 */
export function readDiscourseRequest(
  sso: string | null,
  sig: string | null,
  secret: string,
  forumUrl: string,
): { ok: true; request: DiscourseRequest } | { ok: false; refusal: DiscourseRefusal } {
  const refuse = (field: DiscourseRefusal['field'], message: string) => ({ ok: false as const, refusal: { field, message } });
  if (sso === null || sso === '') return refuse('sso', 'The sign-in request from the forum is missing its payload (sso).');
  if (sso.length > MAX_SSO_LENGTH)
    return refuse('sso', `The sign-in request from the forum is too long (sso over ${MAX_SSO_LENGTH} characters).`);
  if (!BASE64.test(sso)) return refuse('sso', 'The sign-in request from the forum is not Base64 (sso).');
  if (sig === null || !HEX_SIG.test(sig)) return refuse('sig', 'The sign-in request from the forum has no valid signature (sig).');
  const expected = Buffer.from(discourseSignature(sso, secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex')))
    return refuse(
      'sig',
      'The sign-in request’s signature does not match: the forum and this site have different secrets, or the link was changed.',
    );
  const fields = new URLSearchParams(Buffer.from(sso.replace(/[\r\n]/g, ''), 'base64').toString('utf8'));
  const nonce = fields.get('nonce');
  if (nonce === null || !NONCE.test(nonce)) return refuse('nonce', 'The sign-in request from the forum has no valid nonce.');
  const back = fields.get('return_sso_url');
  let returnUrl: URL;
  try {
    returnUrl = new URL(back ?? '');
  } catch {
    return refuse('return_sso_url', 'The sign-in request from the forum does not say where to return (return_sso_url).');
  }
  // The forum's own origin and, for a forum in a subfolder, under its path.
  const forum = new URL(forumUrl);
  const base = forum.pathname.replace(/\/+$/, '');
  if (
    returnUrl.origin !== forum.origin ||
    returnUrl.username !== '' ||
    returnUrl.password !== '' ||
    (base !== '' && returnUrl.pathname !== base && !returnUrl.pathname.startsWith(`${base}/`)) ||
    // An encoded slash, backslash or dot, which a proxy in front might decode into a way out of the path.
    /%(2f|5c|2e)/i.test(returnUrl.pathname)
  )
    return refuse('return_sso_url', 'The sign-in request asks to return to a site other than this site’s forum.');
  return { ok: true, request: { nonce, returnUrl } };
}

/** The URL that signs `member` in to the forum: `return_sso_url` with the signed fields. */
export function discourseAnswerUrl(request: DiscourseRequest, member: DiscourseMember, secret: string): string {
  const fields = new URLSearchParams({
    nonce: request.nonce,
    external_id: member.externalId,
    email: member.email,
    username: member.username,
    name: member.name,
    admin: String(member.admin),
    // The member confirmed the address here; Discourse sends no welcome mail of its own.
    require_activation: 'false',
    suppress_welcome_message: 'true',
  });
  const sso = Buffer.from(fields.toString(), 'utf8').toString('base64');
  const url = new URL(request.returnUrl);
  url.searchParams.set('sso', sso);
  url.searchParams.set('sig', discourseSignature(sso, secret));
  return url.href;
}
