// Test support (not a test file): the link check of a message's two parts, shared by the
// templates' test (every message rendered from samples) and the moment suite (every message as the
// server queues it at its moment). Every link of either part must be absolute, on the given origin
// (PUBLIC_ORIGIN) or the help site, and open: a route of the web app's route table, a server route
// that does not answer 404, or the one-click unsubscribe page (200, naming the mail).
import { readFileSync } from 'node:fs';
import { matchPath } from 'react-router';
import { expect } from 'vitest';
import type { TestApp } from '../../test/app';
import { UNSUBSCRIBE_PATH } from '../unsubscribe';
import { HELP_SITE } from './Layout';

/** The two parts of a message, as a builder returns it or the outbox keeps it. */
export interface MailParts {
  readonly kind: string;
  readonly text: string;
  readonly html: string | null;
}

/** The web app's route patterns, read from its route table (the catch-alls left out: they would match anything). */
const WEB_ROUTES = [...readFileSync(new URL('../../../../web/src/app/routes.tsx', import.meta.url), 'utf8').matchAll(/path: '([^']+)'/g)]
  .map((m) => `/${m[1]}`)
  .filter((p) => p !== '/*' && !p.startsWith('/:'))
  .concat('/');

/** Every link of a message: the HTML part's hrefs and the text part's URLs. */
export function mailLinks(m: MailParts): string[] {
  const hrefs = [...(m.html ?? '').matchAll(/href="([^"]*)"/g)].map((h) => (h[1] ?? '').replaceAll('&amp;', '&'));
  const urls = [...m.text.matchAll(/https?:\/\/[^\s<>]+/g)].map((u) => u[0].replace(/[.,:;)]+$/, ''));
  return [...hrefs, ...urls];
}

/** Checks every link of `m` against `t`'s server: on `origin` or the help site, and served. */
export async function expectLinksServed(t: TestApp, m: MailParts, origin: string): Promise<void> {
  const found = mailLinks(m);
  expect(found.length, m.kind).toBeGreaterThanOrEqual(2);
  for (const link of found) {
    const url = new URL(link);
    if (url.origin === new URL(HELP_SITE).origin) {
      expect(link, m.kind).toMatch(/^https:\/\//);
      continue;
    }
    expect(url.origin, link).toBe(origin);
    if (url.pathname === UNSUBSCRIBE_PATH) {
      // The one-click link opens its page (the token is good), and the page names the mail.
      const page = await t.request(`${url.pathname}${url.search}`, { headers: { accept: 'text/html' } });
      expect(page.status, link).toBe(200);
      expect(await page.text(), link).toMatch(/<h1>Unsubscribe from (emails telling you when|the weekly summary)/);
    } else if (url.pathname.startsWith('/api/')) {
      expect((await t.request(`${url.pathname}${url.search}`, { redirect: 'manual' })).status, link).not.toBe(404);
    } else {
      expect(
        WEB_ROUTES.some((p) => matchPath({ path: p, end: true }, url.pathname) !== null),
        `${link} is no route of web/src/app/routes.tsx`,
      ).toBe(true);
    }
  }
}
