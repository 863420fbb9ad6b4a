// GET /api/forum/sso: this server as the forum's DiscourseConnect provider. Discourse sends a member
// here to sign in; a signed-in member with a confirmed address goes back to the forum signed in
// (discourse-connect.ts signs what it is told). A visitor signs in first and comes back here; a
// member whose address is not confirmed is asked to confirm it (the forum page, with Send again).
// A bad request gets a 400 page saying what is wrong; an address that sends many gets 429.
import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { planTier } from '@matchkit/sdk/entitlements';
import type { AppDeps, Route } from '../../kernel';
import { escapeHtml } from '../accounts/outbox-page';
import { viewerAccess } from '../members/access';
import { discourseAnswerUrl, readDiscourseRequest } from './discourse-connect';

export const FORUM_SSO_PATH = '/api/forum/sso';
/** The app's forum page; `?confirm=email` asks the member to confirm their address first. */
export const FORUM_PAGE_PATH = '/forum';

/** Refused requests (bad signature, bad payload, a nonce used twice) per IP address: as many as failed sign-ins. */
export const FORUM_REFUSALS_PER_IP = { points: 20, durationSeconds: 15 * 60 } as const;
/** How long a nonce is remembered: Discourse's nonces expire after 10 minutes. */
export const NONCE_MEMORY_SECONDS = 10 * 60;

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
}

/** Keys reach the rate-limit store hashed (an IP address or nonce is not kept as given). */
function hashed(kind: string, key: string): string {
  return createHash('sha256').update(`${kind}:${key}`).digest('base64url').slice(0, 32);
}

/** The route, or none when FORUM_URL is not set (the app's /forum page says the forum is not set up). */
export function forumSsoRoute(deps: AppDeps): Route | null {
  const forum = deps.config.forum;
  if (forum === null) return null;
  const origin = deps.config.publicOrigin;
  const refusals = deps.rateLimits.counter('forum-refused-ip', FORUM_REFUSALS_PER_IP);
  const nonces = deps.rateLimits.counter('forum-nonce', { points: 1, durationSeconds: NONCE_MEMORY_SECONDS });

  const page = (status: number, title: string, text: string, headers: Record<string, string> = {}) =>
    new Response(
      `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`${title} - ${deps.brand.displayName}`)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(`${forum.url}/`)}">Back to the forum</a> · <a href="${escapeHtml(`${origin}/`)}">${escapeHtml(deps.brand.displayName)}</a></p>
</main>
</body>
</html>
`,
      { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers } },
    );

  return {
    method: 'GET',
    path: FORUM_SSO_PATH,
    async handle(request, ctx) {
      const ipKey = hashed('ip', ctx.ip);
      const counted = await refusals.get(ipKey);
      if (counted !== null && counted.consumedPoints >= FORUM_REFUSALS_PER_IP.points) {
        const seconds = Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
        return page(
          429,
          'Too many attempts',
          `Too many forum sign-in attempts came from your connection. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
          {
            'retry-after': String(seconds),
          },
        );
      }
      const refuse = async (message: string, field: string) => {
        ctx.logger.info({ field }, 'forum sign-in refused');
        await refusals.consume(ipKey).catch((rejection: unknown) => {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
        });
        return page(400, 'This forum sign-in link does not work', `${message} Please open the forum and choose Log in again.`);
      };

      const url = new URL(request.url);
      const read = readDiscourseRequest(url.searchParams.get('sso'), url.searchParams.get('sig'), forum.connectSecret, forum.url);
      if (!read.ok) return refuse(read.refusal.message, read.refusal.field);
      const access = await viewerAccess(ctx);
      if (access === null) return seeOther(`${origin}/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
      if (access.user.emailVerifiedAt === null) return seeOther(`${origin}${FORUM_PAGE_PATH}?confirm=email`);
      // Each nonce signs a member in once: the first answer uses it up (in the shared rate-limit store).
      try {
        await nonces.consume(hashed('nonce', read.request.nonce));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return refuse('This sign-in request was already used.', 'nonce');
      }
      const { user } = access;
      return seeOther(
        discourseAnswerUrl(
          read.request,
          {
            externalId: user.id,
            email: user.email,
            username: user.username,
            name: `${user.firstName} ${user.lastName}`.trim(),
            admin: planTier(ctx.brand, access.entitled) === 'admin',
          },
          forum.connectSecret,
        ),
      );
    },
  };
}

/** Where the Forum quick link goes: Discourse's sign-in start (it comes back signed in), or the app's forum page. */
export function forumLinkOf(deps: Pick<AppDeps, 'config'>): string {
  return deps.config.forum === null ? FORUM_PAGE_PATH : `${deps.config.forum.url}/session/sso`;
}
