// The server as the forum's DiscourseConnect provider, against a fake Discourse on loopback: the fake
// starts each sign-in as Discourse does (a signed `sso` with a fresh nonce) and receives the answer,
// checking its signature, its nonce and the member's fields.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configProblems, createTestApp, memberWithPlan, PRODUCTION_ENV, type TestApp } from '../../test/app';
import { startDiscourseFake, type DiscourseFake } from '../../test/discourse-fake';
import { discourseSignature } from './discourse-connect';
import { FORUM_REFUSALS_PER_IP, FORUM_SSO_PATH } from './sso';

const SECRET = 'forum-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

describe('the forum sign-in (DiscourseConnect)', () => {
  let t: TestApp;
  let forum: DiscourseFake;
  beforeAll(async () => {
    forum = await startDiscourseFake(SECRET, () => `${t.config.publicOrigin}${FORUM_SSO_PATH}`);
    t = await createTestApp({ env: { FORUM_URL: forum.origin, DISCOURSE_CONNECT_SECRET: SECRET } });
  });
  afterAll(async () => {
    await t.stop();
    await forum.close();
  });

  let n = 0;
  /** A member (verified unless told otherwise) and their session cookie. */
  async function member(options: { verified?: boolean; admin?: boolean } = {}) {
    n += 1;
    const id = `poster${n}`;
    // PA-CAP-028: the primary brand's administrator capability.
    const token = await memberWithPlan(t, id, null, {
      verified: options.verified ?? true,
      additionalCapabilities: options.admin === true ? ['PA-CAP-028'] : [],
    });
    return { id, cookie: `_opjwt=${token}` };
  }

  /** What the fake forum accepted from the redirect `res` (null when it refused it). */
  async function forumReceived(res: Response): Promise<Readonly<Record<string, string>> | null> {
    const before = forum.signIns.length;
    const answer = await fetch(res.headers.get('location') ?? '');
    return answer.status === 200 && forum.signIns.length === before + 1 ? (forum.signIns.at(-1) ?? null) : null;
  }

  /** The provider URL the fake Discourse sends a browser to (a fresh nonce each time). */
  async function start(): Promise<URL> {
    const res = await fetch(`${forum.origin}/session/sso`, { redirect: 'manual' });
    return new URL(res.headers.get('location') ?? '');
  }

  const visit = (at: URL, cookie?: string) => t.request(`${at.pathname}${at.search}`, cookie === undefined ? {} : { headers: { cookie } });

  it('sends a signed-in member back to the forum signed in: signature, nonce and fields checked by the forum', async () => {
    const { id, cookie } = await member();
    const at = await start();
    const res = await visit(at, cookie);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${forum.origin}/session/sso_login`);
    expect(await forumReceived(res)).toEqual({
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      external_id: id,
      email: `${id}@example.com`,
      username: id,
      name: 'Test Member',
      admin: 'false',
      require_activation: 'false',
      suppress_welcome_message: 'true',
    });
  });

  it('says admin=true for an administrator', async () => {
    const { cookie } = await member({ admin: true });
    const res = await visit(await start(), cookie);
    expect(await forumReceived(res)).toMatchObject({ admin: 'true' });
  });

  it('sends a signed-out visitor to sign in, and back to this same request afterwards', async () => {
    const at = await start();
    const res = await visit(at);
    expect(res.status).toBe(303);
    const login = new URL(res.headers.get('location') ?? '');
    expect(`${login.origin}${login.pathname}`).toBe(`${t.config.publicOrigin}/login`);
    expect(login.searchParams.get('next')).toBe(`${at.pathname}${at.search}`);
    // Signed in, the same request (nonce unused so far) now goes to the forum.
    const { cookie } = await member();
    const again = await visit(at, cookie);
    expect(await forumReceived(again)).toMatchObject({
      nonce: new URLSearchParams(Buffer.from(at.searchParams.get('sso') ?? '', 'base64').toString()).get('nonce'),
    });
  });

  it('asks a member with an unconfirmed address to confirm it first, and tells the forum nothing', async () => {
    const { cookie } = await member({ verified: false });
    const res = await visit(await start(), cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${t.config.publicOrigin}/forum?confirm=email`);
  });

  it('refuses a bad signature, a foreign return_sso_url, a used nonce and a malformed or oversized payload, each with a 400 page', async () => {
    const { cookie } = await member();
    const at = await start();
    const sso = at.searchParams.get('sso') ?? '';
    const sig = at.searchParams.get('sig') ?? '';
    const page = async (params: Record<string, string>) => {
      const res = await t.request(`${FORUM_SSO_PATH}?${new URLSearchParams(params).toString()}`, { headers: { cookie } });
      return { status: res.status, location: res.headers.get('location'), text: await res.text() };
    };
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect(await page({ sso, sig: flipped })).toMatchObject({
      status: 400,
      location: null,
      text: expect.stringContaining('signature does not match'),
    });
    expect(await page({ sso })).toMatchObject({ status: 400, text: expect.stringContaining('no valid signature') });

    const forged = (fields: Record<string, string>) => {
      const payload = Buffer.from(new URLSearchParams(fields).toString()).toString('base64');
      return { sso: payload, sig: discourseSignature(payload, SECRET) };
    };
    const nonce = randomBytes(16).toString('hex');
    for (const elsewhere of [
      'https://evil.example/session/sso_login',
      `${forum.origin.replace('127.0.0.1', 'localhost')}/x`,
      '/session/sso_login',
    ]) {
      expect(await page(forged({ nonce, return_sso_url: elsewhere })), elsewhere).toMatchObject({ status: 400, location: null });
    }
    expect(await page(forged({ return_sso_url: `${forum.origin}/session/sso_login` }))).toMatchObject({
      status: 400,
      text: expect.stringContaining('nonce'),
    });
    expect(await page({ sso: '%%%not base64', sig })).toMatchObject({ status: 400, text: expect.stringContaining('not Base64') });
    const long = forged({ nonce, return_sso_url: `${forum.origin}/session/sso_login?x=${'a'.repeat(3000)}` });
    expect(await page(long)).toMatchObject({ status: 400, text: expect.stringContaining('too long') });

    // The genuine request works once; the same nonce again is refused.
    expect((await page({ sso, sig })).status).toBe(303);
    expect(await page({ sso, sig })).toMatchObject({ status: 400, text: expect.stringContaining('already used') });
  });

  it('points the Forum quick link and Query.forumUrl at the forum, which signs the member in', async () => {
    const { cookie } = await member();
    const res = await t.gql<{ myQuickLinks: { id: string; href: string }[]; forumUrl: string | null }>(
      '{ myQuickLinks { id href } forumUrl }',
      {},
      { cookie },
    );
    expect(res.data?.myQuickLinks.find((l) => l.id === 'forum')?.href).toBe(`${forum.origin}/session/sso`);
    expect(res.data?.forumUrl).toBe(`${forum.origin}/session/sso`);
  });

  it('stops answering an address after too many refused requests (429 with Retry-After)', async () => {
    const app = await createTestApp({ env: { FORUM_URL: forum.origin, DISCOURSE_CONNECT_SECRET: SECRET } });
    try {
      const bad = `${FORUM_SSO_PATH}?sso=bm9uY2U9MQ%3D%3D&sig=${'0'.repeat(64)}`;
      for (let i = 0; i < FORUM_REFUSALS_PER_IP.points; i += 1) expect((await app.request(bad)).status).toBe(400);
      const blocked = await app.request(bad);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await app.stop();
    }
  });
});

describe('the forum without FORUM_URL', () => {
  it('has no sign-in route; the Forum quick link opens the app\u2019s page saying the forum is not set up', async () => {
    const t = await createTestApp();
    try {
      expect((await t.request(`${FORUM_SSO_PATH}?sso=x&sig=y`)).status).toBe(404);
      const cookie = `_opjwt=${await memberWithPlan(t, 'noforum', null)}`;
      const res = await t.gql<{ myQuickLinks: { id: string; href: string }[]; forumUrl: string | null }>(
        '{ myQuickLinks { id href } forumUrl }',
        {},
        { cookie },
      );
      expect(res.data?.myQuickLinks.find((l) => l.id === 'forum')?.href).toBe('/forum');
      expect(res.data?.forumUrl).toBeNull();
    } finally {
      await t.stop();
    }
  });
});

describe('the forum configuration', () => {
  it('wants FORUM_URL and DISCOURSE_CONNECT_SECRET together, each named, the secret never echoed', () => {
    expect(configProblems({ FORUM_URL: 'https://forum.example.com' })).toEqual([
      expect.stringMatching(/^DISCOURSE_CONNECT_SECRET is required with FORUM_URL/),
    ]);
    expect(configProblems({ DISCOURSE_CONNECT_SECRET: SECRET })).toEqual([
      expect.stringMatching(/^FORUM_URL is required with DISCOURSE_CONNECT_SECRET/),
    ]);
    const short = configProblems({ FORUM_URL: 'https://forum.example.com', DISCOURSE_CONNECT_SECRET: 'too-short-to-sign-with' });
    expect(short).toEqual([expect.stringMatching(/^DISCOURSE_CONNECT_SECRET must be at least 32 characters/)]);
    expect(short.join('\n')).not.toContain('too-short-to-sign-with');
    expect(configProblems({ FORUM_URL: 'https://forum.example.com/', DISCOURSE_CONNECT_SECRET: SECRET })).toEqual([]);
  });

  it('takes an https URL (plain http on this machine outside production only), without query or fragment', () => {
    for (const bad of [
      'forum.example.com',
      'http://forum.example.com',
      'https://forum.example.com/?a=1',
      'https://forum.example.com/#x',
      'ftp://forum.example.com',
    ]) {
      expect(configProblems({ FORUM_URL: bad, DISCOURSE_CONNECT_SECRET: SECRET }), bad).toEqual([
        expect.stringMatching(/^FORUM_URL must be/),
      ]);
    }
    expect(configProblems({ FORUM_URL: 'http://127.0.0.1:4200', DISCOURSE_CONNECT_SECRET: SECRET })).toEqual([]);
    expect(configProblems({ ...PRODUCTION_ENV, FORUM_URL: 'http://127.0.0.1:4200', DISCOURSE_CONNECT_SECRET: SECRET })).toEqual([
      'FORUM_URL must be an https URL in production (members sign in to the forum through it)',
    ]);
    expect(configProblems({ ...PRODUCTION_ENV, FORUM_URL: 'https://example.com/forum/', DISCOURSE_CONNECT_SECRET: SECRET })).toEqual([]);
  });
});
