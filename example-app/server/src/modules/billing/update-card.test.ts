// "Update card": the server route makes a fresh billing-portal session for the signed-in member
// and redirects to it; the test provider's portal page says TEST MODE, shows the card on file and
// links back; its link stops working after five minutes, and a forged one never works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { UPDATE_CARD_PATH } from './billing-mail';
import { addMember, buy, must, tokenFor } from './testing';

describe('update card', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const open = async (userId: string | null) =>
    t.request(UPDATE_CARD_PATH, userId === null ? {} : { headers: { cookie: `_opjwt=${await tokenFor(t, userId)}` } });

  it('asks a visitor to sign in first, and sends a member with no saved card back to the account page', async () => {
    const visitor = await open(null);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get('location')).toBe(`${t.config.publicOrigin}/login?next=%2Fuser%2Faccount`);
    const { id } = await addMember(t);
    const none = await open(id);
    expect(none.status).toBe(303);
    expect(none.headers.get('location')).toBe(`${t.config.publicOrigin}/user/account?card=none`);
  });

  it('redirects a member to a fresh portal session: TEST MODE, the card on file, a way back; it expires in minutes', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    await buy(t, id, 'platinum', 'year', 'pay', 'renewals-decline');
    const first = await open(id);
    expect(first.status).toBe(303);
    const portal = new URL(must(first.headers.get('location'), 'a location'));
    expect(portal.origin).toBe(t.config.publicOrigin);
    expect(portal.pathname).toMatch(/^\/pay\/test-portal\//);
    const page = await t.request(`${portal.pathname}${portal.search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('this payment succeeds, later charges (renewals) are declined');
    expect(html).toContain(`href="${t.config.publicOrigin}/user/account"`);

    // A session made a second later is another URL: nothing is reused.
    t.clock.set(t.clock() + 1000);
    expect((await open(id)).headers.get('location')).not.toBe(portal.href);

    // Forged (another customer in the same signature) or late, the page refuses.
    const forged = `/pay/test-portal/${Buffer.from(JSON.stringify({ customerId: 'cus_test_ok_x', returnUrl: `${t.config.publicOrigin}/` })).toString('base64url')}${portal.search}`;
    expect((await t.request(forged)).status).toBe(404);
    t.clock.set(t.clock() + 6 * 60_000);
    const late = await t.request(`${portal.pathname}${portal.search}`);
    expect(late.status).toBe(404);
    expect(await late.text()).toContain('This link has expired');
  });
});
