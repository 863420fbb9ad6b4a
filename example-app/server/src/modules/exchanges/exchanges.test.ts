import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableTools } from '@matchkit/sdk/entitlements';
import { exchanges } from '@matchkit/sdk/exchanges';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';
import { setIntegrationStatus } from '../integrations/queries';

const MY_EXCHANGES = '{ myExchanges { exchange enabled integration } }';
const SET_EXCHANGE =
  'mutation($exchange: String!, $enabled: Boolean!) { setExchangeEnabled(exchange: $exchange, enabled: $enabled) { exchange enabled integration } }';
const LINK_FIELDS = 'id name label href icon order active capability unlocked';
const MY_LINKS = `{ myQuickLinks { ${LINK_FIELDS} } }`;
const SET_LINKS = `mutation($links: [QuickLinkInput!]!) { setQuickLinks(links: $links) { ok error { code message field } quickLinks { ${LINK_FIELDS} } } }`;

interface Setting {
  exchange: string;
  enabled: boolean;
  integration: string | null;
}
interface Link {
  id: string;
  href: string;
  order: number;
  active: boolean;
  capability: string | null;
  unlocked: boolean;
}
interface SetLinks {
  setQuickLinks: { ok: boolean; error: { code: string; message: string; field: string } | null; quickLinks: Link[] };
}

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

describe('exchanges and quick links', () => {
  let t: TestApp;
  let free: FixtureMember;
  let platinum: FixtureMember;
  let proPlus: FixtureMember;

  const settings = async (m: FixtureMember) =>
    must((await t.gql<{ myExchanges: Setting[] }>(MY_EXCHANGES, {}, { token: m.token })).data).myExchanges;
  const links = async (m: FixtureMember) =>
    must((await t.gql<{ myQuickLinks: Link[] }>(MY_LINKS, {}, { token: m.token })).data).myQuickLinks;

  beforeAll(async () => {
    t = await createTestApp();
    free = await addMember(t, { username: 'free' });
    platinum = await addMember(t, { username: 'plat', plan: 'platinum' });
    proPlus = await addMember(t, { username: 'proplus', plan: 'pro-plus' });
  });
  afterAll(() => t.stop());

  describe('exchanges', () => {
    it('starts from the sdk\u2019s defaults, with an integration status only where the exchange has one', async () => {
      expect(await settings(free)).toEqual(
        exchanges.map((e) => ({ exchange: e.name, enabled: e.enabledByDefault, integration: e.hasIntegration ? 'disconnected' : null })),
      );
      expect((await settings(free)).find((s) => s.exchange === 'betconnect')).toEqual({
        exchange: 'betconnect',
        enabled: false,
        integration: null,
      });
    });

    it('keeps each member\u2019s own on/off choices and shows the integration status', async () => {
      const on = await t.gql<{ setExchangeEnabled: Setting }>(
        SET_EXCHANGE,
        { exchange: 'betconnect', enabled: true },
        { token: free.token },
      );
      expect(on.data?.setExchangeEnabled).toEqual({ exchange: 'betconnect', enabled: true, integration: null });
      const off = await t.gql<{ setExchangeEnabled: Setting }>(
        SET_EXCHANGE,
        { exchange: 'matchbook', enabled: false },
        { token: free.token },
      );
      expect(off.data?.setExchangeEnabled).toEqual({ exchange: 'matchbook', enabled: false, integration: 'disconnected' });
      await setIntegrationStatus(t.database.db, free.id, 'smarkets', 'connected', t.clock());

      const mine = Object.fromEntries((await settings(free)).map((s) => [s.exchange, s]));
      expect(mine['betconnect']?.enabled).toBe(true);
      expect(mine['matchbook']?.enabled).toBe(false);
      expect(mine['smarkets']).toEqual({ exchange: 'smarkets', enabled: true, integration: 'connected' });
      // Another member still has the defaults.
      expect((await settings(platinum)).map((s) => s.enabled)).toEqual(exchanges.map((e) => e.enabledByDefault));
      expect((await settings(platinum)).find((s) => s.exchange === 'smarkets')?.integration).toBe('disconnected');

      // Back on again.
      await t.gql(SET_EXCHANGE, { exchange: 'matchbook', enabled: true }, { token: free.token });
      expect((await settings(free)).find((s) => s.exchange === 'matchbook')?.enabled).toBe(true);
    });

    it('refuses an unknown exchange (BAD_INPUT naming exchange) and a visitor (UNAUTHENTICATED)', async () => {
      const bad = await t.gql(SET_EXCHANGE, { exchange: 'nosuchexchange', enabled: true }, { token: free.token });
      expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_INPUT', field: 'exchange' });
      expect(bad.errors?.[0]?.message).toContain('matchbook');
      expect((await t.gql(SET_EXCHANGE, { exchange: 'matchbook', enabled: true })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await t.gql(MY_EXCHANGES)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('quick links', () => {
    it('starts from the brand\u2019s bar: Oddsmatcher, Calculator, Advanced Calculators, Profit Tracker and Forum on, the tools off', async () => {
      const bar = await links(free);
      const brand = t.app.deps.brand;
      expect(bar.map((l) => [l.id, l.order, l.active, l.href])).toEqual(brand.quickLinks.map((q) => [q.id, q.order, q.active, q.href]));
      expect(bar.filter((l) => l.active).map((l) => l.id)).toEqual([
        'oddsmatcher',
        'calculator',
        'advanced-calculators',
        'profit-tracker',
        'forum',
      ]);
    });

    it('says which links lead to what the member\u2019s plan holds, as the sdk\u2019s entitlements decide', async () => {
      const brand = t.app.deps.brand;
      for (const m of [free, platinum, proPlus]) {
        const bar = await links(m);
        const me = must(
          (
            await t.gql<{ me: { capabilities: string[]; additionalCapabilities: string[] } }>(
              '{ me { capabilities additionalCapabilities } }',
              {},
              { token: m.token },
            )
          ).data,
        ).me;
        const usable = new Set(availableTools(brand, me).map((x) => x.key));
        for (const link of bar) {
          const tool = brand.tools.find((x) => x.key === link.id);
          if (tool !== undefined)
            expect(link, `${m.username} ${link.id}`).toMatchObject({ capability: tool.capability, unlocked: usable.has(tool.key) });
        }
        const held = new Set([...me.capabilities, ...me.additionalCapabilities]);
        expect(bar.find((l) => l.id === 'advanced-calculators')).toMatchObject({
          capability: 'MK-CAP-CALCULATORS',
          unlocked: held.has('MK-CAP-CALCULATORS'),
        });
        expect(bar.find((l) => l.id === 'profit-tracker')).toMatchObject({
          capability: 'MK-CAP-PROFIT-TRACKER',
          unlocked: held.has('MK-CAP-PROFIT-TRACKER'),
        });
        expect(bar.find((l) => l.id === 'forum')).toMatchObject({ capability: null, unlocked: true });
        expect(bar.find((l) => l.id === 'calculator')).toMatchObject({ capability: null, unlocked: true });
      }
      const byMember = async (m: FixtureMember, id: string) => (await links(m)).find((l) => l.id === id)?.unlocked;
      expect(await byMember(free, 'oddsmatcher')).toBe(false);
      expect(await byMember(platinum, 'oddsmatcher')).toBe(true);
      expect(await byMember(platinum, 'golfMaster')).toBe(false);
      expect(await byMember(proPlus, 'golfMaster')).toBe(true);
      expect(await byMember(free, 'profit-tracker')).toBe(false);
      expect(await byMember(platinum, 'profit-tracker')).toBe(true);
    });

    it('replaces the bar: the links sent first in their order (renumbered), the others after them, off; for that member only', async () => {
      const r = await t.gql<SetLinks>(
        SET_LINKS,
        {
          links: [
            { id: 'forum', order: 50, active: true },
            { id: 'golfMaster', order: 7, active: true },
            { id: 'oddsmatcher', order: 9, active: false },
          ],
        },
        { token: platinum.token },
      );
      const result = must(r.data).setQuickLinks;
      expect(result.ok).toBe(true);
      expect(result.error).toBeNull();
      const brandIds = t.app.deps.brand.quickLinks.map((q) => q.id);
      expect(result.quickLinks.map((l) => l.id)).toEqual([
        'golfMaster',
        'oddsmatcher',
        'forum',
        ...brandIds.filter((id) => !['golfMaster', 'oddsmatcher', 'forum'].includes(id)),
      ]);
      expect(result.quickLinks.map((l) => l.order)).toEqual(brandIds.map((_, i) => i));
      expect(result.quickLinks.filter((l) => l.active).map((l) => l.id)).toEqual(['golfMaster', 'forum']);
      expect(result.quickLinks[0]).toMatchObject({ id: 'golfMaster', unlocked: false });
      expect(await links(platinum)).toEqual(result.quickLinks);
      // Someone else's bar has not moved.
      expect((await links(proPlus)).map((l) => l.id)).toEqual(brandIds);
    });

    it('refuses unknown ids, an id twice and an order twice, naming each, and keeps the bar as it was', async () => {
      const before = await links(platinum);
      const r = await t.gql<SetLinks>(
        SET_LINKS,
        {
          links: [
            { id: 'forum', order: 0, active: true },
            { id: 'casino-royale', order: 1, active: true },
            { id: 'forum', order: 2, active: true },
            { id: 'calculator', order: 0, active: true },
            { id: 'oddsmatcher', order: -1, active: true },
          ],
        },
        { token: platinum.token },
      );
      const result = must(r.data).setQuickLinks;
      expect(result.ok).toBe(false);
      expect(result.error).toMatchObject({ code: 'BAD_INPUT', field: 'links.1.id' });
      for (const path of ['links.1.id', 'links.2.id', 'links.3.order', 'links.4.order']) expect(result.error?.message).toContain(path);
      expect(result.quickLinks).toEqual(before);
      expect(await links(platinum)).toEqual(before);
    });

    it('adds links the catalogue gained after the member arranged the bar, after theirs, as the catalogue sets them', async () => {
      await t.database.db
        .update(users)
        .set({
          quickLinks: [
            { id: 'forum', order: 0, active: true },
            { id: 'calculator', order: 1, active: false },
          ],
        })
        .where(eq(users.id, free.id));
      const bar = await links(free);
      const brand = t.app.deps.brand;
      expect(bar.slice(0, 2).map((l) => [l.id, l.active])).toEqual([
        ['forum', true],
        ['calculator', false],
      ]);
      expect(bar.slice(2).map((l) => [l.id, l.active])).toEqual(
        brand.quickLinks.filter((q) => q.id !== 'forum' && q.id !== 'calculator').map((q) => [q.id, q.active]),
      );
    });

    it('refuses a visitor (UNAUTHENTICATED)', async () => {
      expect((await t.gql(MY_LINKS)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await t.gql(SET_LINKS, { links: [] })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
});
