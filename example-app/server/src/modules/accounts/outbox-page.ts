// GET /dev/outbox (development and test only, and only to a client on this machine): the newest 50
// messages of the mail queue (mail/queue.ts) as a plain HTML page, each with its state, its HTML
// part rendered in a sandboxed iframe (srcdoc: no script runs, and the page's own policy allows no
// script at all) and its plain-text part, every value escaped, so that a person can see the mail
// and follow a password-reset link locally. Links under the public origin are made clickable;
// nothing else is. Through SMTP a sent message's body is cleared, so only its headers show.
import { desc } from 'drizzle-orm';
import type { RequestContext, Route } from '../../kernel';
import { outbox } from '../../db/schema';

export const OUTBOX_PATH = '/dev/outbox';
const SHOWN = 50;

/** HTML-escapes text for element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Whether the request comes from this machine. */
function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

/** The message text, escaped, with links under `origin` made clickable. */
function linkify(text: string, origin: string): string {
  const out: string[] = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = m[0];
    const at = m.index;
    out.push(escapeHtml(text.slice(last, at)));
    out.push(url.startsWith(`${origin}/`) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(url));
    last = at + url.length;
  }
  out.push(escapeHtml(text.slice(last)));
  return out.join('');
}

/** The message's state in words (the worker's, mail/worker.ts). */
function stateWords(m: typeof outbox.$inferSelect): string {
  const tries = `${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (m.state) {
    case 'sent':
      return `Sent${m.sentAt === null ? '' : ` ${m.sentAt.toISOString()}`} (${tries}).`;
    case 'failed':
      return `Failed after ${tries}${m.lastError === null ? '' : `: ${m.lastError}`}.`;
    case 'sending':
      return `Sending (${tries}).`;
    default:
      return m.attempts === 0
        ? 'Waiting to be sent.'
        : `Waiting to be tried again (${tries}${m.lastError === null ? '' : `, last: ${m.lastError}`}).`;
  }
}

/**
 * The page's own policy: no script at all (default-src 'none'); inline styles and images, which
 * mail HTML uses, for the sandboxed srcdoc frames, which inherit it.
 */
export const OUTBOX_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

async function page(ctx: RequestContext): Promise<string> {
  const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(SHOWN);
  const note =
    ctx.deps.mail.kind === 'outbox'
      ? `The newest ${SHOWN} messages the server has queued. Nothing here left this machine.`
      : 'Mail goes out through SMTP (SMTP_URL is set): a sent message keeps no body here.';
  const items = rows
    .map(
      (m) => `<li>
<article>
<h2>${escapeHtml(m.subject)}</h2>
<p>To ${escapeHtml(m.to)}, queued <time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString())}</time>. ${escapeHtml(stateWords(m))}</p>
${m.html === null ? '' : `<iframe title="${escapeHtml(`HTML part of ${m.subject}`)}" sandbox="" srcdoc="${escapeHtml(m.html)}"></iframe>\n`}<pre>${linkify(m.text, ctx.deps.config.publicOrigin)}</pre>
</article>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development outbox</title>
</head>
<body>
<main>
<h1>Development outbox</h1>
<p>${escapeHtml(note)}</p>
${rows.length === 0 ? '<p>No messages yet.</p>' : `<ol>\n${items}\n</ol>`}
</main>
</body>
</html>
`;
}

/** The outbox page's route. Register it only outside production. */
export const outboxRoute: Route = {
  method: 'GET',
  path: OUTBOX_PATH,
  async handle(_request, ctx) {
    if (!isLoopback(ctx.ip)) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    return new Response(await page(ctx), {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'content-security-policy': OUTBOX_POLICY,
      },
    });
  },
};
