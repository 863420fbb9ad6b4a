// Every message on both brands: subject, HTML and plain text; the brand's name and colour; the
// footer (why, the settings link, the responsible-gambling line); the unsubscribe link exactly on
// the mail a member can turn off; and a link check: every link in either part is absolute, on
// PUBLIC_ORIGIN or the named help site, and a route the web app or the server really serves.
import { readFileSync } from 'node:fs';
import { matchPath } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { createTestApp, type TestApp } from '../../test/app';
import type { MailMessage } from '../mailer';
import { ESSENTIAL_MAIL } from './frame';
import { HELP_SITE, RESPONSIBLE_GAMBLING } from './Layout';
import { renderMail } from './render';
import { sampleMessages } from './samples';
import { VerifyEmail } from './account';

const ORIGIN = 'https://app.example.com';

/** The web app's route patterns, read from its route table (the catch-alls left out: they would match anything). */
const WEB_ROUTES = [...readFileSync(new URL('../../../../web/src/app/routes.tsx', import.meta.url), 'utf8').matchAll(/path: '([^']+)'/g)]
  .map((m) => `/${m[1]}`)
  .filter((p) => p !== '/*' && !p.startsWith('/:'))
  .concat('/');

/** Every link of a message: the HTML part's hrefs and the text part's URLs. */
function links(m: MailMessage): string[] {
  const hrefs = [...(m.html ?? '').matchAll(/href="([^"]*)"/g)].map((h) => (h[1] ?? '').replaceAll('&amp;', '&'));
  const urls = [...m.text.matchAll(/https?:\/\/[^\s<>]+/g)].map((u) => u[0].replace(/[.,:;)]+$/, ''));
  return [...hrefs, ...urls];
}

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
      messages = await sampleMessages(brand, ORIGIN);
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
        expect(m.text, m.kind).toMatch(/You get this email because it is about your /);
        expect(m.text, m.kind).toContain(`settings ${ORIGIN}/settings`);
        expect(m.text, m.kind).toContain(RESPONSIBLE_GAMBLING[0]);
        expect(m.text, m.kind).toContain('0808 8020 133');
        expect(m.html, m.kind).toContain(`href="${HELP_SITE}"`);
        expect(m.html, m.kind).toContain(`href="${ORIGIN}/settings"`);
      }
    });

    it('has no unsubscribe link on essential mail', () => {
      for (const m of messages.filter((x) => ESSENTIAL_MAIL[x.kind])) {
        expect(`${m.text}${m.html}`.toLowerCase(), m.kind).not.toContain('unsubscribe');
      }
    });

    it('links only to pages that exist: absolute, on PUBLIC_ORIGIN or the help site, a route the app serves', async () => {
      for (const m of messages) {
        const found = links(m);
        expect(found.length, m.kind).toBeGreaterThanOrEqual(2);
        for (const link of found) {
          const url = new URL(link);
          expect(link, m.kind).toMatch(/^https:\/\//);
          if (url.origin === new URL(HELP_SITE).origin) continue;
          expect(url.origin, link).toBe(ORIGIN);
          if (url.pathname.startsWith('/api/')) {
            expect((await t.request(`${url.pathname}${url.search}`, { redirect: 'manual' })).status, link).not.toBe(404);
          } else {
            expect(
              WEB_ROUTES.some((p) => matchPath({ path: p, end: true }, url.pathname) !== null),
              `${link} is no route of web/src/app/routes.tsx`,
            ).toBe(true);
          }
        }
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
