// The forum's sign-in in the browser, against a fake Discourse on loopback (the server's own tests,
// server/src/modules/forum/sso.test.ts, check each refusal; this is the member's journey): the forum
// sends a visitor to this site, who signs in and is sent straight back through the sign-in route
// (loaded as a document, not as a page of the app); with an unconfirmed address the forum page asks
// for it with Send again; once confirmed, the Forum quick link arrives at the forum signed in.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedLinkFor } from './accounts';
import { registerMember, startE2E, type E2E, type TestMember } from './harness';

const SECRET = 'e2e-forum-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const sign = (payload: string) => createHmac('sha256', SECRET).update(payload).digest('hex');

/** A fake Discourse: /session/sso starts a sign-in at `provider`; /session/sso_login checks the answer and greets the member. */
async function fakeDiscourse(provider: () => string): Promise<{ origin: string; close(): Promise<void> }> {
  const issued = new Set<string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const html = (status: number, title: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>${title}</title><h1>${title}</h1>`);
    if (url.pathname === '/session/sso') {
      const nonce = randomBytes(16).toString('hex');
      issued.add(nonce);
      const sso = Buffer.from(new URLSearchParams({ nonce, return_sso_url: `${origin}/session/sso_login` }).toString()).toString('base64');
      const to = new URL(provider());
      to.searchParams.set('sso', sso);
      to.searchParams.set('sig', sign(sso));
      res.writeHead(302, { location: to.href }).end();
      return;
    }
    if (url.pathname === '/session/sso_login') {
      const sso = url.searchParams.get('sso') ?? '';
      if (sign(sso) !== url.searchParams.get('sig')) return html(403, 'Bad signature');
      const fields = new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8'));
      if (!issued.delete(fields.get('nonce') ?? '')) return html(403, 'Unknown nonce');
      return html(200, `Forum: signed in as ${fields.get('username') ?? '?'}`);
    }
    html(404, 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the forum, signed in from this site (primary)', { timeout: 60_000 }, () => {
  let forum: Awaited<ReturnType<typeof fakeDiscourse>>;
  let e2e: E2E;
  let member: TestMember;
  beforeAll(async () => {
    forum = await fakeDiscourse(() => `${e2e.server.origin}/api/forum/sso`);
    e2e = await startE2E({ brand: 'primary', env: { FORUM_URL: forum.origin, DISCOURSE_CONNECT_SECRET: SECRET } });
    member = await registerMember(e2e.server.origin, { tag: 'forum' });
  }, 120_000);
  afterAll(async () => {
    await e2e?.stop();
    await forum?.close();
  });

  it('a visitor from the forum signs in, confirms the address, and the Forum link arrives signed in', async () => {
    const { page } = await e2e.open('/');
    page.setDefaultTimeout(20_000);
    // From the forum's "Log in": this site's sign-in page, which then goes back through the sign-in route.
    await page.goto(`${forum.origin}/session/sso`);
    await page.getByRole('heading', { level: 1, name: 'Sign in', exact: true }).waitFor();
    await page.getByLabel('Email address or username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The address is not confirmed yet: the forum page asks for it, and the forum is told nothing.
    await page.waitForURL(`${e2e.server.origin}/forum?confirm=email`);
    const notice = page.getByRole('region', { name: 'Confirm your email address' });
    await notice.getByText('The forum needs a confirmed address').waitFor();
    await notice.getByRole('button', { name: 'Send again' }).waitFor();

    await page.goto(await mailedLinkFor(e2e.server.origin, member.email, '/verify-email'));
    await page.getByText('Thank you: your email address is confirmed.').waitFor();
    await page.goto(`${e2e.server.origin}/`);
    const link = page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Forum', exact: true });
    expect(await link.getAttribute('href')).toBe(`${forum.origin}/session/sso`);
    await link.click();
    await page.getByRole('heading', { level: 1, name: `Forum: signed in as ${member.username}` }).waitFor();
  });
});
