import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBetsCsv } from '@matchkit/sdk/tracker';
import { eq } from 'drizzle-orm';
import { oddsAlertMatches, oddsAlerts, pushSubscriptions, sessions } from '../../db/schema';
import { setNotificationChoice } from '../../notifications/settings';
import { createTestApp, type TestApp } from '../../test/app';
import { member, qualifierInput, RECORD } from '../tracker/test-support';
import { MY_DATA_CSV_PATH, MY_DATA_JSON_PATH } from './my-data';

describe('download my data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  async function memberWithABet() {
    const who = await member(t);
    const r = await t.gql(RECORD, { input: qualifierInput({ note: 'first, "careful" one' }) }, { token: who.token });
    expect(r.errors).toBeUndefined();
    return who;
  }

  it('the JSON holds the profile, billing, referrals, tracker and settings, as a download never cached', async () => {
    const who = await memberWithABet();
    const r = await t.request(MY_DATA_JSON_PATH, { headers: { authorization: `Bearer ${who.token}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await r.json()) as Record<string, Record<string, unknown>>;
    expect(Object.keys(data)).toEqual(['about', 'profile', 'sessions', 'settings', 'oddsAlerts', 'billing', 'referrals', 'tracker']);
    expect(data['profile']).toMatchObject({ id: who.userId, firstName: 'Test', lastName: 'Member' });
    expect(data['billing']).toEqual({ subscriptions: [], checkouts: [], ledger: [], receipts: [], refunds: [] });
    expect(data['tracker']?.['bets']).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('scrypt');
  });

  it('the JSON holds the notification settings, push subscriptions (the service’s host, no keys) and odds alerts with their matches', async () => {
    const who = await member(t);
    const now = t.clock();
    await setNotificationChoice(t.database.db, { userId: who.userId, kind: 'weekly-summary', channel: 'email', enabled: true }, now);
    const [session] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, who.userId));
    await t.database.db.insert(pushSubscriptions).values({
      id: 'ps_data',
      userId: who.userId,
      sessionId: session?.id as string,
      endpoint: 'https://push.example.net/send/secret-path-abc',
      p256dh: 'P256DH-KEY-NOT-TO-SHOW',
      auth: 'AUTH-SECRET-NOT-TO-SHOW',
      expiresAt: null,
      createdAt: new Date(now),
    });
    const rule = { minRating: 95, bookmaker: 'bet-co' };
    await t.database.db
      .insert(oddsAlerts)
      .values({ id: 'oa_data', userId: who.userId, tool: 'oddsmatcher', name: 'Good matches', rule, createdAt: new Date(now - 60_000) });
    const match = { event: 'Arsenal v Spurs', rating: 97.5 };
    await t.database.db.insert(oddsAlertMatches).values({
      alertId: 'oa_data',
      userId: who.userId,
      matchKey: 'sel|bet-co|smarkets',
      match,
      foundAt: new Date(now),
      notifiedAt: new Date(now),
      startsAt: new Date(now + 3_600_000),
    });
    const r = await t.request(MY_DATA_JSON_PATH, { headers: { authorization: `Bearer ${who.token}` } });
    const text = await r.text();
    expect(text).not.toMatch(/NOT-TO-SHOW|secret-path/);
    const data = JSON.parse(text) as { settings: { notifications: Record<string, unknown[]> }; oddsAlerts: unknown[] };
    const { settings, pushSubscriptions: browsers } = data.settings.notifications;
    expect(settings).toContainEqual({ kind: 'weekly-summary', channel: 'email', on: true, changedAt: new Date(now).toISOString() });
    expect(settings).toContainEqual({ kind: 'odds-alerts', channel: 'push', on: true, changedAt: null });
    expect(settings).toContainEqual({ kind: 'account', channel: 'email', on: true, changedAt: null });
    expect(settings).toHaveLength(7); // 4 kinds by email, 3 by push (account and weekly summary are not pushed, odds alerts not mailed)
    expect(browsers).toEqual([{ pushService: 'push.example.net', subscribedAt: new Date(now).toISOString(), expiresAt: null }]);
    expect(data.oddsAlerts).toEqual([
      {
        id: 'oa_data',
        tool: 'oddsmatcher',
        name: 'Good matches',
        rule,
        paused: false,
        createdAt: new Date(now - 60_000).toISOString(),
        lastPushAt: null,
        matches: [{ match, foundAt: new Date(now).toISOString(), pushedAt: new Date(now).toISOString() }],
      },
    ]);
  });

  it('the tracker CSV has plain headings, money in pounds, and the rows of the sdk export', async () => {
    const who = await memberWithABet();
    const r = await t.request(MY_DATA_CSV_PATH, { headers: { authorization: `Bearer ${who.token}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('no-store');
    const csv = await r.text();
    const [header, first] = csv.split(/\r?\n/);
    expect(header).toBe(
      'Bet,Source,Profit type,Status,Event,Market,Selection,Placed (UTC),Settled (UTC),Expected profit (£),Settled profit (£),Note,Leg,Back or lay,Bookmaker or exchange,Odds,Stake (£),Commission,Free bet,Result,Exchange market',
    );
    expect(first).toContain(',-0.75,');
    expect(first).toContain(',10.00,');
    expect(first).toContain('"first, ""careful"" one"');
    // Only the headings differ from the sdk's export: with its own headings back, the sdk reads it.
    const own = csv.replace(
      header as string,
      'bet_id,source,profit_type,status,event,market,selection,placed_at,settled_at,expected_profit,settled_profit,note,role,side,account,odds,stake,commission,free_bet,result,leg_market',
    );
    expect(importBetsCsv(t.config.brand, own)).toHaveLength(1);
  });

  it('is for the signed-in member only, and a cookie call must come from this app', async () => {
    expect((await t.request(MY_DATA_JSON_PATH)).status).toBe(401);
    const who = await memberWithABet();
    const cookie = `_opjwt=${who.token}`;
    const forged = await t.request(MY_DATA_JSON_PATH, { headers: { cookie, 'sec-fetch-site': 'same-site' } });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('cache-control')).toBe('no-store');
    expect((await t.request(MY_DATA_CSV_PATH, { headers: { cookie } })).status).toBe(403);
    expect((await t.request(MY_DATA_JSON_PATH, { headers: { cookie, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await t.request(MY_DATA_CSV_PATH, { headers: { cookie, 'x-matchkit-csrf': '1' } })).status).toBe(200);
  });
});
