// The forum's sign-in in the browser, against a fake Discourse on loopback (the server's own tests,
// server/src/modules/forum/sso.test.ts, check each refusal; this is the member's journey): the forum
// sends a visitor to this site, who signs in and is sent straight back through the sign-in route
// (loaded as a document, not as a page of the app); with an unconfirmed address the forum page asks
// for it with Send again; once confirmed, the Forum quick link arrives at the forum signed in. A
// member who kept themselves signed in, their 15-minute token lapsed, arrives at the forum signed
// in without the form (the app renews the session and goes on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscourseFake, type DiscourseFake } from '../server/src/test/discourse-fake';
import { mailedLinkFor } from './accounts';
import { registerMember, startE2E, type E2E, type TestMember } from './harness';

const SECRET = 'e2e-forum-secret-0123456789abcdefghijklmnopqrstuvwxyz';

describe('the forum, signed in from this site (primary)', { timeout: 60_000 }, () => {
  let forum: DiscourseFake;
  let e2e: E2E;
  let member: TestMember;
  beforeAll(async () => {
    forum = await startDiscourseFake(SECRET, () => `${e2e.server.origin}/api/forum/sso`);
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

  it('a member kept signed in, their token lapsed, arrives at the forum without the form', async () => {
    const kept = await registerMember(e2e.server.origin, { tag: 'forumkept' });
    const tab = await e2e.open('/login');
    const { page } = tab;
    page.setDefaultTimeout(20_000);
    await page.goto(await mailedLinkFor(e2e.server.origin, kept.email, '/verify-email'));
    await page.getByText('Thank you: your email address is confirmed.').waitFor();
    await page.goto(`${e2e.server.origin}/login`);
    await page.getByLabel('Email address or username').fill(kept.username);
    await page.getByLabel('Password', { exact: true }).fill(kept.password);
    await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    // The access token's cookie gone, as after its 15 minutes: the refresh cookie and its marker stay.
    await tab.context.clearCookies({ name: '_opjwt' });
    expect((await tab.context.cookies()).map((c) => c.name)).toEqual(expect.arrayContaining(['_mkrt', '_mksession']));
    const forms: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) forms.push(new URL(frame.url()).pathname);
    });
    await page.goto(`${forum.origin}/session/sso`);
    await page.getByRole('heading', { level: 1, name: `Forum: signed in as ${kept.username}` }).waitFor();
    // It went by the sign-in page (the server sent it there) and on, with no password typed.
    expect(forms).toContain('/login');
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
  });
});
