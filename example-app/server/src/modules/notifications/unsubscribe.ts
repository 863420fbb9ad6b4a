// The one-click unsubscribe of mail a member can turn off (RFC 8058), at UNSUBSCRIBE_PATH with the
// token of the message's List-Unsubscribe link (mail/unsubscribe.ts: it names the member and the
// kind, signed by this server). No sign-in: the token is the proof.
//
//   GET   a page naming the mail in words, with one button (a form POST to the same link). Changes
//         nothing: mail scanners and link previews open links.
//   POST  with `List-Unsubscribe=One-Click` in a form-encoded (or multipart) body: turns the email
//         setting of the kind's notification setting off, and answers 200 — a page for a browser's
//         form, a plain line for a mail client (which shows nothing of it).
//
// A malformed, forged or unknown token is a 400 in words, never a 500; refused requests are counted
// per IP address as the forum's sign-in counts them (429 with Retry-After past the limit). A valid
// token is never limited. The page is styled by a style sheet of its own (the CSP allows only
// 'self' styles, no inline style).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { NotificationKind } from '@matchkit/sdk/notifications';
import { users } from '../../db/schema';
import type { AppDeps, RequestContext, Route } from '../../kernel';
import { readCappedText } from '../../http/body';
import { MAIL_SETTING } from '../../mail/kinds';
import { MAIL_PALETTE } from '../../mail/templates/frame';
import { MAIL_SETTINGS_PATH, RESPONSIBLE_GAMBLING } from '../../mail/templates/Layout';
import { readUnsubscribeToken, UNSUBSCRIBE_PATH, unsubscribeKey } from '../../mail/unsubscribe';
import { setNotificationChoice } from '../../notifications/settings';
import { escapeHtml } from '../accounts/outbox-page';

/** The page's style sheet (same origin, so the CSP's `style-src 'self'` allows it). */
export const UNSUBSCRIBE_STYLE_PATH = `${UNSUBSCRIBE_PATH}.css`;

/** Refused requests (a bad or forged token) per IP address: as many as failed sign-ins. */
export const UNSUBSCRIBE_REFUSALS_PER_IP = { points: 20, durationSeconds: 15 * 60 } as const;

/** The largest POST body read: RFC 8058's is one short field. */
const MAX_BODY_BYTES = 4096;

/** What a notification setting's mail is, in words, as the page names it. */
export const SETTING_WORDS: Readonly<Record<NotificationKind, string>> = {
  'odds-alerts': 'odds alert emails',
  'billing-reminders': 'billing reminder emails',
  commission: 'emails telling you when your referral commission becomes payable',
  'weekly-summary': 'the weekly summary of your profit',
  account: 'account emails',
};

function hashedIp(ip: string): string {
  return createHash('sha256').update(`ip:${ip}`).digest('base64url').slice(0, 32);
}

/** Whether the request is a browser's (it asks for HTML); a mail client's one-click POST does not. */
function wantsPage(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('text/html') || request.headers.get('sec-fetch-mode') === 'navigate';
}

/** Whether a POST body carries RFC 8058's `List-Unsubscribe=One-Click` (form-encoded or multipart). */
async function isOneClick(request: Request): Promise<boolean | null> {
  const text = await readCappedText(request, MAX_BODY_BYTES);
  if (text === null) return null;
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(text, { headers: { 'content-type': type } }).formData().catch(() => null);
    return form?.get('List-Unsubscribe') === 'One-Click';
  }
  return new URLSearchParams(text).get('List-Unsubscribe') === 'One-Click';
}

/** The unsubscribe page, its one-click POST and its style sheet. */
export function unsubscribeRoutes(deps: AppDeps): Route[] {
  const key = unsubscribeKey(deps.config.secrets.JWT_SECRET);
  const refusals = deps.rateLimits.counter('unsubscribe-refused-ip', UNSUBSCRIBE_REFUSALS_PER_IP);
  const brandName = deps.brand.displayName;
  const settingsUrl = `${deps.config.publicOrigin}${MAIL_SETTINGS_PATH}`;
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  const page = (status: number, title: string, body: string, headers: Record<string, string> = {}) =>
    new Response(
      `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} - ${brandName}`)}</title>
<link rel="stylesheet" href="${UNSUBSCRIBE_STYLE_PATH}">
</head>
<body>
<main>
<p class="brand">${escapeHtml(brandName)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
<footer>
${RESPONSIBLE_GAMBLING.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</footer>
</main>
</body>
</html>
`,
      { status, headers: { 'content-type': 'text/html; charset=utf-8', ...noStore, ...headers } },
    );
  const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
    new Response(`${text}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...noStore, ...headers } });
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const settingsLink = (text: string) => `<p><a href="${escapeHtml(settingsUrl)}">${escapeHtml(text)}</a></p>`;

  /** The member and setting the request's token names, or the answer refusing it. */
  async function read(request: Request, ctx: RequestContext): Promise<{ userId: string; setting: NotificationKind } | Response> {
    // The token first: a correctly signed one is never limited, as a mail provider's one-click POSTs
    // come from a few shared addresses (RFC 8058). Only refusals are counted and limited.
    const token = new URL(request.url).searchParams.get('token');
    const named = token === null ? null : readUnsubscribeToken(key, token);
    if (named !== null) return { userId: named.userId, setting: MAIL_SETTING[named.kind] };
    const ipKey = hashedIp(ctx.ip);
    const counted = await refusals.get(ipKey);
    if (counted !== null && counted.consumedPoints >= UNSUBSCRIBE_REFUSALS_PER_IP.points) {
      const seconds = Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
      const text = `Too many unsubscribe links that do not work came from your connection. Please try again in ${Math.ceil(seconds / 60)} minutes.`;
      const headers = { 'retry-after': String(seconds) };
      return wantsPage(request) ? page(429, 'Too many attempts', p(text), headers) : plain(429, text, headers);
    }
    ctx.logger.info({ field: 'token' }, 'unsubscribe refused');
    await refusals.consume(ipKey).catch((rejection: unknown) => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    });
    const title = 'This unsubscribe link does not work';
    const why = 'it may have been cut short when it was copied.';
    return wantsPage(request)
      ? page(
          400,
          title,
          `${p(`It may have been cut short when it was copied. Please open the link from the email again, or choose which emails you get in your settings.`)}\n${settingsLink('Your email settings')}`,
        )
      : plain(400, `${title}: ${why}`);
  }

  const show: Route = {
    method: 'GET',
    path: UNSUBSCRIBE_PATH,
    async handle(request, ctx) {
      const named = await read(request, ctx);
      if (named instanceof Response) return named;
      const words = SETTING_WORDS[named.setting];
      const action = `${UNSUBSCRIBE_PATH}${new URL(request.url).search}`;
      return page(
        200,
        `Unsubscribe from ${words}?`,
        [
          p(`You will no longer get ${words} from ${brandName}. Emails about your account and payments still reach you.`),
          `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
          settingsLink('Choose which emails you get in your settings instead'),
        ].join('\n'),
      );
    },
  };

  const unsubscribe: Route = {
    method: 'POST',
    path: UNSUBSCRIBE_PATH,
    async handle(request, ctx) {
      const named = await read(request, ctx);
      if (named instanceof Response) return named;
      const oneClick = await isOneClick(request);
      if (oneClick !== true) {
        const text =
          oneClick === null
            ? 'This request is too large.'
            : 'This request does not say List-Unsubscribe=One-Click, so nothing was changed.';
        return wantsPage(request)
          ? page(oneClick === null ? 413 : 400, 'Nothing was changed', p(text))
          : plain(oneClick === null ? 413 : 400, text);
      }
      // A closed account has nothing left to turn off: its settings went with it, and no mail is sent to it.
      const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, named.userId));
      if (member !== undefined) {
        await setNotificationChoice(ctx.db, { userId: named.userId, kind: named.setting, channel: 'email', enabled: false }, ctx.now);
        ctx.logger.info({ userId: named.userId, setting: named.setting }, 'unsubscribed by one-click link');
      }
      const words = SETTING_WORDS[named.setting];
      return wantsPage(request)
        ? page(
            200,
            'You are unsubscribed',
            `${p(`You will no longer get ${words} from ${brandName}.`)}\n${settingsLink('Changed your mind? Turn them back on in your settings')}`,
          )
        : plain(200, 'Unsubscribed.');
    },
  };

  const accent = deps.brand.colors.accent;
  const c = MAIL_PALETTE;
  const css = `body{margin:0;padding:24px 16px;background:${c.background};color:${c.text};font-family:${c.font};font-size:16px;line-height:1.5}
main{max-width:560px;margin:0 auto;padding:20px 32px;background:${c.surface};border:1px solid ${c.border};border-top:4px solid ${accent};border-radius:8px}
.brand{margin:0;color:${accent};font-size:20px;font-weight:700}
h1{font-size:22px;line-height:1.3;margin:16px 0 8px}
a{color:${accent}}
button{margin:8px 0;padding:12px 20px;border:0;border-radius:6px;background:${accent};color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid ${c.text};outline-offset:2px}
footer{margin-top:24px;padding-top:8px;border-top:1px solid ${c.border};color:${c.muted};font-size:13px}
footer p{margin:0 0 4px}
`;
  const style: Route = {
    method: 'GET',
    path: UNSUBSCRIBE_STYLE_PATH,
    handle: () => new Response(css, { headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600' } }),
  };

  return [show, unsubscribe, style];
}
