// Every message on both brands: subject, HTML and plain text; the brand's name and colour; the
// footer (why, the settings link, the responsible-gambling line); the unsubscribe link exactly on
// the mail a member can turn off; and a link check: every link in either part is absolute, on
// PUBLIC_ORIGIN or the named help site, and a route the web app or the server really serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { createTestApp, type TestApp } from '../../test/app';
import type { MailMessage } from '../mailer';
import { MAIL_KINDS, OPTIONAL_MAIL_KINDS } from '../kinds';
import { HELP_SITE, RESPONSIBLE_GAMBLING } from './Layout';
import { renderMail } from './render';
import { SAMPLE_MEMBER_ID, sampleMessages } from './samples';
import { UNSUBSCRIBE_PATH, unsubscribeKey, unsubscribeUrl } from '../unsubscribe';
import { expectLinksServed, mailLinks } from './link-check';
import { commissionPayableMail } from '../../modules/affiliates/affiliate-mail';
import { weeklySummaryMail } from '../../modules/tracker/summary-mail';
import { VerifyEmail } from './account';

const ORIGIN = 'https://app.example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.stop());

for (const name of ['primary', 'secondary'] as const) {
  const brand = getBrand(name);
  describe(`every message on ${brand.displayName}`, () => {
    let messages: MailMessage[];
    beforeAll(async () => {
      // Real tokens, signed with the test app's key: the link check below opens them.
      const key = unsubscribeKey(t.config.secrets.JWT_SECRET);
      messages = await sampleMessages(brand, ORIGIN, (kind) => unsubscribeUrl(key, ORIGIN, SAMPLE_MEMBER_ID, kind));
    });

    it('has a subject, a plain-text part and an HTML part, in the brand’s name and colour', () => {
      expect(messages.length).toBeGreaterThan(10);
      for (const m of messages) {
        expect(m.subject, m.kind).not.toBe('');
        expect(m.html, m.kind).toMatch(/^<!DOCTYPE html/);
        expect(m.html, m.kind).toContain(`color:${brand.colors.accent}`);
        expect(m.html, m.kind).toContain(`>${brand.displayName}</p>`);
        expect(m.text, m.kind).toMatch(new RegExp(`^${brand.displayName}\\n\\nHello Ada,\\n`));
        expect(m.text, m.kind).toContain(`The ${brand.displayName} team`);
        // No instant or id is shown to a member.
        expect(`${m.text}${m.html}`, m.kind).not.toMatch(/\d{4}-\d\d-\d\dT|u_sample/);
      }
    });

    it('ends with why it was sent, the settings link and the responsible-gambling line', () => {
      for (const m of messages) {
        expect(m.text, m.kind).toMatch(
          /\n\nYou get this email because (it is about your|you refer members to|you turned on the weekly summary)/,
        );
        expect(m.text, m.kind).toContain(`settings ${ORIGIN}/settings`);
        expect(m.text, m.kind).toContain(RESPONSIBLE_GAMBLING[0]);
        expect(m.text, m.kind).toContain('0808 8020 133');
        expect(m.html, m.kind).toContain(`href="${HELP_SITE}"`);
        expect(m.html, m.kind).toContain(`href="${ORIGIN}/settings"`);
      }
    });

    it('has no unsubscribe link on essential mail', () => {
      for (const m of messages.filter((x) => !OPTIONAL_MAIL_KINDS.has(x.kind))) {
        expect(`${m.text}${m.html}`.toLowerCase(), m.kind).not.toContain('unsubscribe');
      }
    });

    it('has the one-click unsubscribe link, in both parts, on mail a member can turn off', () => {
      const optional = messages.filter((x) => OPTIONAL_MAIL_KINDS.has(x.kind));
      expect(optional.map((m) => m.kind).sort()).toEqual(['commission-payable', 'weekly-summary']);
      for (const m of optional) {
        const url = unsubscribeUrl(unsubscribeKey(t.config.secrets.JWT_SECRET), ORIGIN, SAMPLE_MEMBER_ID, m.kind);
        expect(m.html, m.kind).toContain(`href="${url}"`);
        expect(m.text, m.kind).toContain(`unsubscribe from these emails ${url}`);
      }
    });

    it('covers every kind the server sends (password-changed has no message yet)', () => {
      expect(new Set(messages.map((m) => m.kind))).toEqual(new Set(MAIL_KINDS.filter((k) => k !== 'password-changed')));
    });

    it('links only to pages that exist: absolute, on PUBLIC_ORIGIN or the help site, a route the app serves', async () => {
      for (const m of messages) {
        for (const link of mailLinks(m)) expect(link, m.kind).toMatch(/^https:\/\//);
        await expectLinksServed(t, m, ORIGIN);
      }
    });
  });
}

describe('the plain-text part', () => {
  it('reads as the message: the action’s link alone on its line (snapshot beside the checks above)', async () => {
    const m = await renderMail({ to: 'a@example.com', subject: 's', kind: 'verify-email', userId: 'u1' }, VerifyEmail, {
      frame: { brand: getBrand('secondary'), origin: ORIGIN, unsubscribeUrl: null },
      firstName: 'Ada',
      link: `${ORIGIN}/verify-email?token=abc`,
    });
    expect(m.text).toMatch(/^https:\/\/app\.example\.com\/verify-email\?token=abc$/m);
    expect(m.text).toMatchSnapshot();
  });
});

describe('renderMail', () => {
  const frame = { brand: getBrand('primary'), origin: ORIGIN };
  const props = { firstName: 'Ada', link: `${ORIGIN}/verify-email?token=abc` };
  it('refuses an unsubscribe link on essential mail, and mail that can be turned off without one', async () => {
    await expect(
      renderMail({ to: 'a@example.com', subject: 's', kind: 'verify-email', userId: 'u1' }, VerifyEmail, {
        ...props,
        frame: { ...frame, unsubscribeUrl: `${ORIGIN}/api/mail/unsubscribe?token=x` },
      }),
    ).rejects.toThrow(/^unsubscribeUrl: verify-email mail cannot be turned off/);
    await expect(
      renderMail({ to: 'a@example.com', subject: 's', kind: 'weekly-summary', userId: 'u1' }, VerifyEmail, {
        ...props,
        frame: { ...frame, unsubscribeUrl: null },
      }),
    ).rejects.toThrow(/^unsubscribeUrl: weekly-summary mail can be turned off/);
    await expect(
      renderMail({ to: 'a@example.com', subject: 's', kind: 'weekly-summary', userId: 'u1' }, VerifyEmail, {
        ...props,
        frame: { ...frame, unsubscribeUrl: 'https://evil.example/api/mail/unsubscribe' },
      }),
    ).rejects.toThrow(/^unsubscribeUrl: must be on https:\/\/app\.example\.com/);
  });
});

describe('the builders of mail a member can turn off', () => {
  const frame = { brand: getBrand('primary'), origin: ORIGIN, unsubscribeUrl: `${ORIGIN}${UNSUBSCRIBE_PATH}?token=t` };
  const member = { id: 'u1', firstName: 'Ada' };
  const week = { weekStart: Date.UTC(2026, 1, 23), weekEnd: Date.UTC(2026, 2, 1, 12), profit: 1240, overall: 0, settled: 1 };

  it('put the figures in words: amounts in pounds, London dates, a loss called a loss', async () => {
    const paid = await commissionPayableMail(frame, 'a@example.com', member, { commission: 1599, paidAt: Date.UTC(2026, 1, 14, 23, 30) });
    expect(paid.subject).toBe('£15.99 of your Brightlay commission is now payable');
    expect(paid.text).toContain(
      "Your commission of £15.99 on a referred member's payment made on Saturday, 14 February 2026 has passed the refund window",
    );
    const up = await weeklySummaryMail(frame, 'a@example.com', member, week);
    expect(up.subject).toBe('Your week on Brightlay: £12.40 profit');
    expect(up.text).toContain('Here is what your profit tracker recorded for Monday, 23 February 2026 to Sunday, 1 March 2026:');
    expect(up.text).toContain('Bets settled: 1 bet');
    expect(up.text).toContain('Result since you started: £0.00, even');
    const down = await weeklySummaryMail(frame, 'a@example.com', member, { ...week, profit: -310, settled: 3 });
    expect(down.subject).toBe('Your week on Brightlay: £3.10 loss');
  });

  it('refuse bad figures with a typed error naming the field', async () => {
    expect(() => commissionPayableMail(frame, 'a@example.com', member, { commission: 15.5, paidAt: 0 })).toThrow(/^commission: /);
    expect(() => weeklySummaryMail(frame, 'a@example.com', member, { ...week, profit: Number.NaN })).toThrow(/^profit: /);
    expect(() => weeklySummaryMail(frame, 'a@example.com', member, { ...week, settled: -1 })).toThrow(/^settled: /);
    expect(() => weeklySummaryMail(frame, 'a@example.com', member, { ...week, weekEnd: week.weekStart })).toThrow(/^weekStart: /);
  });
});
