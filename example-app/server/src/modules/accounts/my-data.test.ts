import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBetsCsv } from '@matchkit/sdk/tracker';
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
    expect(Object.keys(data)).toEqual(['about', 'profile', 'sessions', 'settings', 'billing', 'referrals', 'tracker']);
    expect(data['profile']).toMatchObject({ id: who.userId, firstName: 'Test', lastName: 'Member' });
    expect(data['billing']).toEqual({ subscriptions: [], checkouts: [], ledger: [], receipts: [], refunds: [] });
    expect(data['tracker']?.['bets']).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('scrypt');
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
