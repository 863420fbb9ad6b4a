// The one-click unsubscribe against the real HTTP server on loopback: the page a link opens (no
// change on GET), RFC 8058's POST as a mail client sends it and as the page's form sends it, refused
// tokens in words, and the per-IP limit on refusals. One suite, run on PGlite (unsubscribe.test.ts) and
// PostgreSQL (unsubscribe.pg.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema';
import type { MailKind } from '../../mail/mailer';
import { queueMail } from '../../mail/queue';
import { unsubscribeKey, unsubscribeToken, UNSUBSCRIBE_PATH } from '../../mail/unsubscribe';
import { notificationAllowed } from '../../notifications/settings';
import { createTestApp, memberWithPlan, SUITE_DATABASES, type SuiteDatabase, type TestApp } from '../../test/app';
import { UNSUBSCRIBE_REFUSALS_PER_IP, UNSUBSCRIBE_STYLE_PATH } from './unsubscribe';

const ONE_CLICK = 'List-Unsubscribe=One-Click';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

export function unsubscribeSuite(label: SuiteDatabase, open: () => Promise<Database>): void {
  describe(`one-click unsubscribe over HTTP (${label})`, () => {
    let t: TestApp;
    let origin: string;
    let key: Buffer;
    beforeAll(async () => {
      const database = await open();
      expect(database.kind).toBe(SUITE_DATABASES[label]);
      t = await createTestApp({ database });
      origin = (await t.app.start(0, '127.0.0.1')).origin;
      key = unsubscribeKey(t.config.secrets.JWT_SECRET);
    });
    afterAll(() => t.stop());

    let n = 0;
    async function member(): Promise<string> {
      n += 1;
      const id = `reader${n}`;
      await memberWithPlan(t, id, null);
      return id;
    }
    const link = (id: string, kind: 'commission-payable' | 'weekly-summary') =>
      `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(key, id, kind))}`;
    const commissionMail = (id: string) => notificationAllowed(t.database.db, id, 'commission', 'email');

    it('shows a page naming the mail in words, with one button posting back, and changes nothing', async () => {
      const id = await member();
      const res = await fetch(link(id, 'commission-payable'), { headers: BROWSER });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("style-src 'self'");
      expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
      const html = await res.text();
      expect(html).toContain('<h1>Unsubscribe from emails telling you when your referral commission becomes payable?</h1>');
      expect(html).toContain(`<form method="post" action="${UNSUBSCRIBE_PATH}?token=`);
      expect(html.match(/<button/g)).toHaveLength(1);
      expect(html).toContain('18+ only.');
      // CSP-safe: no script, no inline style, the style sheet from this origin.
      expect(html).not.toMatch(/<script|<style|style=/i);
      expect(html).toContain(`<link rel="stylesheet" href="${UNSUBSCRIBE_STYLE_PATH}">`);
      expect(html).not.toContain(id);
      expect(await commissionMail(id)).toBe(true);
      const css = await fetch(`${origin}${UNSUBSCRIBE_STYLE_PATH}`);
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
      expect(await css.text()).toContain(`background:${t.app.deps.brand.colors.accent}`);
    });

    it('turns the kind’s email setting off on a mail client’s one-click POST, without sign-in: a plain 200', async () => {
      const id = await member();
      const res = await fetch(link(id, 'commission-payable'), { method: 'POST', headers: FORM, body: ONE_CLICK });
      expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([
        200,
        'text/plain; charset=utf-8',
        'Unsubscribed.\n',
      ]);
      expect(await commissionMail(id)).toBe(false);
      // Only that kind, only email: the weekly summary and commission push are as they were.
      expect(await notificationAllowed(t.database.db, id, 'weekly-summary', 'email')).toBe(false);
      expect(await notificationAllowed(t.database.db, id, 'commission', 'push')).toBe(false);
      // Again: still off, still 200.
      expect((await fetch(link(id, 'commission-payable'), { method: 'POST', headers: FORM, body: ONE_CLICK })).status).toBe(200);
    });

    it('takes a multipart body too (RFC 8058 allows either)', async () => {
      const id = await member();
      const body = new FormData();
      body.set('List-Unsubscribe', 'One-Click');
      expect((await fetch(link(id, 'commission-payable'), { method: 'POST', body })).status).toBe(200);
      expect(await commissionMail(id)).toBe(false);
    });

    it('answers the page’s own form with a page, and turns off the weekly summary a member had turned on', async () => {
      const id = await member();
      const on = await t.gql(
        'mutation { setNotificationSetting(kind: "weekly-summary", channel: EMAIL, enabled: true) { kind } }',
        {},
        { token: await memberWithPlan(t, `${id}b`, null) },
      );
      expect(on.errors).toBeUndefined();
      const weekly = () => notificationAllowed(t.database.db, `${id}b`, 'weekly-summary', 'email');
      expect(await weekly()).toBe(true);
      const page = await fetch(link(`${id}b`, 'weekly-summary'), { headers: BROWSER });
      const action = /<form method="post" action="([^"]+)">/.exec(await page.text())?.[1]?.replaceAll('&amp;', '&');
      const res = await fetch(`${origin}${action}`, { method: 'POST', headers: { ...FORM, ...BROWSER }, body: ONE_CLICK });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1>You are unsubscribed</h1>');
      expect(html).toContain('You will no longer get the weekly summary of your profit');
      expect(html).toContain(`href="${t.config.publicOrigin}/settings"`);
      expect(await weekly()).toBe(false);
    });

    it('withdraws that kind’s mail not sent yet, and only it: a receipt and mail being sent stay', async () => {
      // Read here, never sent: this app's own worker, woken by the inserts, would otherwise claim
      // the lapsed row below before the unsubscribe (it did on PostgreSQL). No later test sends mail.
      await t.app.mailWorker.stop();
      n += 1;
      const id = `withdraw${n}`;
      const token = await memberWithPlan(t, id, null);
      await memberWithPlan(t, `${id}b`, null);
      // Due in an hour: this app's own worker leaves them queued while the test reads them.
      const queue = (userId: string, kind: MailKind) =>
        t.database.db.transaction((tx) =>
          queueMail(tx, { to: `${userId}@example.com`, subject: kind, text: kind, html: null, kind, userId }, t.clock() + 3_600_000),
        );
      for (const kind of ['weekly-summary', 'commission-payable', 'receipt'] as const) await queue(id, kind);
      await queue(`${id}b`, 'weekly-summary');
      // Two more weekly summaries claimed by workers: one being sent as the member unsubscribes (it
      // goes), one whose worker died, its lease lapsed (the next worker would send it: withdrawn).
      await queue(id, 'weekly-summary');
      await queue(id, 'weekly-summary');
      const rows = () => t.database.db.select().from(outbox).where(eq(outbox.userId, id)).orderBy(asc(outbox.id));
      const [sending, lapsed] = (await rows()).slice(-2).map((r) => r.id);
      await t.database.db
        .update(outbox)
        .set({ state: 'sending', leaseUntil: new Date(t.clock() + 600_000) })
        .where(eq(outbox.id, sending ?? 0));
      await t.database.db
        .update(outbox)
        .set({ state: 'sending', leaseUntil: new Date(t.clock() - 1_000) })
        .where(eq(outbox.id, lapsed ?? 0));

      expect((await fetch(link(id, 'weekly-summary'), { method: 'POST', headers: FORM, body: ONE_CLICK })).status).toBe(200);
      expect((await rows()).map((r) => [r.kind, r.state])).toEqual([
        ['commission-payable', 'queued'],
        ['receipt', 'queued'],
        ['weekly-summary', 'sending'],
      ]);
      // Another member's is theirs.
      const other = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.userId, `${id}b`));
      expect(other.map((r) => r.kind)).toEqual(['weekly-summary']);
      // The settings page's switch withdraws the same way.
      const off = await t.gql(
        'mutation { setNotificationSetting(kind: "commission", channel: EMAIL, enabled: false) { kind } }',
        {},
        { token },
      );
      expect(off.errors).toBeUndefined();
      expect((await rows()).map((r) => r.kind)).toEqual(['receipt', 'weekly-summary']);
    });

    it('refuses a forged, cut-short, missing or essential-kind token with a 400 in words, changing nothing', async () => {
      const id = await member();
      const good = unsubscribeToken(key, id, 'commission-payable');
      const forged = unsubscribeToken(unsubscribeKey('another-secret-0123456789abcdefghijklmnopqrstuvwxyz'), id, 'commission-payable');
      const other = unsubscribeToken(key, 'reader-other', 'commission-payable');
      const swapped = `${other.split('.')[0]}.${good.split('.').slice(1).join('.')}`;
      const essential = unsubscribeToken(key, id, 'receipt');
      for (const token of [forged, swapped, good.slice(0, -3), essential, '', 'not a token', `${good}.x`]) {
        const at = `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
        const page = await fetch(at, { headers: BROWSER });
        expect(page.status, token).toBe(400);
        expect(await page.text(), token).toContain('<h1>This unsubscribe link does not work</h1>');
        const post = await fetch(at, { method: 'POST', headers: FORM, body: ONE_CLICK });
        expect([post.status, await post.text()], token).toEqual([
          400,
          'This unsubscribe link does not work: it may have been cut short when it was copied.\n',
        ]);
      }
      expect((await fetch(`${origin}${UNSUBSCRIBE_PATH}`, { method: 'POST', headers: FORM, body: ONE_CLICK })).status).toBe(400);
      expect(await commissionMail(id)).toBe(true);
    });

    it('changes nothing on a POST that does not say List-Unsubscribe=One-Click', async () => {
      const id = await member();
      for (const body of ['', 'List-Unsubscribe=Yes', 'x'.repeat(5000)]) {
        const res = await fetch(link(id, 'commission-payable'), { method: 'POST', headers: FORM, body });
        expect(res.status, body.slice(0, 20)).toBe(body.length > 4096 ? 413 : 400);
      }
      expect(await commissionMail(id)).toBe(true);
    });

    it('answers 200 for the account a link named after it was closed (nothing is sent to it)', async () => {
      const res = await fetch(link('closed-member', 'weekly-summary'), { method: 'POST', headers: FORM, body: ONE_CLICK });
      expect(res.status).toBe(200);
    });

    it('limits refused requests per IP address (429 with Retry-After), never a correctly signed link', async () => {
      const id = await member();
      for (let i = 0; i < UNSUBSCRIBE_REFUSALS_PER_IP.points; i += 1) await fetch(`${origin}${UNSUBSCRIBE_PATH}?token=bad${i}`);
      const refused = await fetch(`${origin}${UNSUBSCRIBE_PATH}?token=bad`, { method: 'POST', headers: FORM, body: ONE_CLICK });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // A mail provider's one-click POSTs share a few egress addresses (RFC 8058): a valid token is
      // the proof, whatever else came from that address.
      const page = await fetch(link(id, 'commission-payable'), { headers: BROWSER });
      expect(page.status).toBe(200);
      const res = await fetch(link(id, 'commission-payable'), { method: 'POST', headers: FORM, body: ONE_CLICK });
      expect([res.status, await res.text()]).toEqual([200, 'Unsubscribed.\n']);
      expect(await commissionMail(id)).toBe(false);
    });
  });
}
