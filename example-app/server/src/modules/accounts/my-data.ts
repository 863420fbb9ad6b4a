// "Download my data": everything held about the member, as JSON, and their profit tracker as CSV.
//   GET /api/user/my-data.json          → the member's data (docs/privacy.md lists what is in it)
//   GET /api/user/my-data/tracker.csv   → the tracker's bets, one row per leg, columns in plain words
// Only for the signed-in member (401 otherwise); a call by cookie must prove it came from this app
// (Sec-Fetch-Site: same-origin or x-matchkit-csrf: http/csrf.ts); never cached; a download.
import { asc, desc, eq } from 'drizzle-orm';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_POLICY, notificationOn } from '@matchkit/sdk/notifications';
import { exportBetsCsv, TRACKER_CSV_COLUMNS } from '@matchkit/sdk/tracker';
import type { Db } from '../../db/client';
import {
  accounts,
  affiliateEntries,
  balanceEntries,
  checkouts,
  exchangeSettings,
  integrations,
  ledger,
  notificationSettings,
  oddsAlertMatches,
  oddsAlerts,
  offerCompletions,
  pushSubscriptions,
  receipts,
  refunds,
  sessions,
  subscriptions,
  twoFactor,
  users,
} from '../../db/schema';
import { unprovenCookieCall } from '../../http/csrf';
import type { RequestContext, Route } from '../../kernel';
import { notificationSettingsOf } from '../../notifications/settings';
import { loadBets } from '../tracker/queries';

export const MY_DATA_JSON_PATH = '/api/user/my-data.json';
export const MY_DATA_CSV_PATH = '/api/user/my-data/tracker.csv';

/** The tracker CSV's headings in plain words, column by column (the sdk's TRACKER_CSV_COLUMNS); money in pounds. */
const PLAIN_HEADINGS: Readonly<Record<(typeof TRACKER_CSV_COLUMNS)[number], string>> = {
  bet_id: 'Bet',
  source: 'Source',
  profit_type: 'Profit type',
  status: 'Status',
  event: 'Event',
  market: 'Market',
  selection: 'Selection',
  placed_at: 'Placed (UTC)',
  settled_at: 'Settled (UTC)',
  expected_profit: 'Expected profit (£)',
  settled_profit: 'Settled profit (£)',
  note: 'Note',
  role: 'Leg',
  side: 'Back or lay',
  account: 'Bookmaker or exchange',
  odds: 'Odds',
  stake: 'Stake (£)',
  commission: 'Commission',
  free_bet: 'Free bet',
  result: 'Result',
  leg_market: 'Exchange market',
};

function problem(status: number, message: string): Response {
  return Response.json({ error: true, message }, { status, headers: { 'cache-control': 'no-store' } });
}

function download(body: string, type: string, name: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': `${type}; charset=utf-8`,
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    },
  });
}

/** Everything held about member `userId`, as one JSON document (money in pence, instants in UTC). */
export async function memberData(db: Db, userId: string): Promise<Record<string, unknown>> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user === undefined) throw new Error('the signed-in member vanished');
  const [tf] = await db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId));
  return {
    about:
      'Everything we hold about you. Money is in pence; times are UTC. Payment records are kept for six years after an account closes (UK accounting rules).',
    profile: {
      id: user.id,
      email: user.email,
      emailConfirmed: user.emailVerifiedAt !== null,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      goal: user.goal,
      joinedAt: user.createdAt,
      confirmedAdultAt: user.adultConfirmedAt,
      referralCode: user.referralCode,
      referredByAMember: user.referredBy !== null,
      additionalCapabilities: user.additionalCapabilities,
      paymentProviderCustomer: user.customerId,
      signUpAddressHashKept: user.signupIpHash !== null,
      signUpDeviceHashKept: user.signupDeviceHash !== null,
      twoFactorSignIn: tf !== undefined && tf.enabledAt !== null,
    },
    sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt))).map((s) => ({
      signedInAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
      keepSignedIn: s.persistent,
      device: s.userAgent,
      ipAddress: s.ipAddress,
      endedAt: s.revokedAt,
    })),
    settings: {
      quickLinks: user.quickLinks,
      exchanges: await db.select().from(exchangeSettings).where(eq(exchangeSettings.userId, userId)),
      integrations: await db.select().from(integrations).where(eq(integrations.userId, userId)),
      completedOffers: await db.select().from(offerCompletions).where(eq(offerCompletions.userId, userId)),
      notifications: await notificationsOf(db, userId),
    },
    oddsAlerts: await oddsAlertsOf(db, userId),
    billing: {
      subscriptions: await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.startedAt)),
      checkouts: await db.select().from(checkouts).where(eq(checkouts.userId, userId)).orderBy(asc(checkouts.createdAt)),
      ledger: await db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.at)),
      receipts: await db.select().from(receipts).where(eq(receipts.userId, userId)).orderBy(asc(receipts.issuedAt)),
      refunds: await db.select().from(refunds).where(eq(refunds.userId, userId)).orderBy(asc(refunds.at)),
    },
    referrals: {
      membersReferred: (await db.select({ id: users.id }).from(users).where(eq(users.referredBy, userId))).length,
      // Commission and payouts; the referred members are not named (their data is theirs).
      commission: (
        await db.select().from(affiliateEntries).where(eq(affiliateEntries.affiliateId, userId)).orderBy(asc(affiliateEntries.at))
      ).map(({ referredId: _referred, holdReason: _reason, decidedBy: _admin, ...entry }) => entry),
    },
    tracker: {
      bets: await loadBets(db, userId),
      balanceSheetAccounts: await db.select().from(accounts).where(eq(accounts.userId, userId)),
      balanceSheetEntries: await db.select().from(balanceEntries).where(eq(balanceEntries.userId, userId)).orderBy(asc(balanceEntries.at)),
    },
  };
}

/**
 * The member's notification settings (each kind on each channel offered, as it stands: their choice
 * or the default, and when they changed it) and the browsers where they turned push on: the push
 * service's host only, never the endpoint's path or the browser's keys.
 */
async function notificationsOf(db: Db, userId: string) {
  const settings = await notificationSettingsOf(db, userId);
  const changed = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  const browsers = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  return {
    settings: NOTIFICATION_KINDS.flatMap((kind) =>
      NOTIFICATION_CHANNELS.filter((channel) => NOTIFICATION_POLICY[kind][channel] !== 'never').map((channel) => ({
        kind,
        channel,
        on: notificationOn(settings, kind, channel),
        changedAt: changed.find((c) => c.kind === kind && c.channel === channel)?.updatedAt ?? null,
      })),
    ),
    pushSubscriptions: browsers.map((b) => ({
      pushService: new URL(b.endpoint).host,
      subscribedAt: b.createdAt,
      expiresAt: b.expiresAt,
    })),
  };
}

/** The member's saved odds alerts, each with the matches it found (newest first) and when a push told them. */
async function oddsAlertsOf(db: Db, userId: string) {
  const alerts = await db.select().from(oddsAlerts).where(eq(oddsAlerts.userId, userId)).orderBy(asc(oddsAlerts.createdAt));
  const matches = await db
    .select()
    .from(oddsAlertMatches)
    .where(eq(oddsAlertMatches.userId, userId))
    .orderBy(desc(oddsAlertMatches.foundAt));
  return alerts.map((a) => ({
    id: a.id,
    tool: a.tool,
    name: a.name,
    rule: a.rule,
    paused: a.paused,
    createdAt: a.createdAt,
    lastPushAt: a.notifiedAt,
    matches: matches.filter((m) => m.alertId === a.id).map((m) => ({ match: m.match, foundAt: m.foundAt, pushedAt: m.notifiedAt })),
  }));
}

/** The tracker's CSV (the sdk's export: money in pounds with two decimals) with its headings in plain words. */
export function trackerCsvInWords(csv: string): string {
  const end = csv.indexOf('\r\n') === -1 ? csv.indexOf('\n') : csv.indexOf('\r\n');
  const header = TRACKER_CSV_COLUMNS.map((c) => PLAIN_HEADINGS[c]).join(',');
  return end === -1 ? header : header + csv.slice(end);
}

async function handle(request: Request, ctx: RequestContext, what: 'json' | 'csv'): Promise<Response> {
  if (ctx.viewer === null) return problem(401, 'Sign in to download your data.');
  if (unprovenCookieCall(request))
    return problem(403, 'This download must come from this site (send Sec-Fetch-Site: same-origin or the x-matchkit-csrf header).');
  const userId = ctx.viewer.userId;
  const day = new Date(ctx.now).toISOString().slice(0, 10);
  ctx.logger.info({ userId, what }, 'member data downloaded');
  if (what === 'csv')
    return download(trackerCsvInWords(exportBetsCsv(await loadBets(ctx.db, userId))), 'text/csv', `profit-tracker-${day}.csv`);
  return download(JSON.stringify(await memberData(ctx.db, userId), null, 2), 'application/json', `my-data-${day}.json`);
}

/** The two download routes. */
export const myDataRoutes: readonly Route[] = [
  { method: 'GET', path: MY_DATA_JSON_PATH, handle: (request, ctx) => handle(request, ctx, 'json') },
  { method: 'GET', path: MY_DATA_CSV_PATH, handle: (request, ctx) => handle(request, ctx, 'csv') },
];
