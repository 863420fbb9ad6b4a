// Expected instants and amounts below are worked by hand from the spec's prices and the rules of
// docs/guides/billing.md (London is GMT = UTC until 29 March 2026 01:00 UTC, BST = UTC+1 after).
import { describe, expect, it } from 'vitest';
import { defineBrand, getBrand } from '../../brands/brands';
import { validationError, validationPaths } from '../../internal/testing/validation';
import {
  capabilitiesAt,
  findUpgrade,
  quoteUpgrade,
  subscriptionEvents,
  subscriptionStatus,
  termPrice,
  trialEnd,
  type SubscriptionChange,
  type SubscriptionInput,
} from '../index';

const d = (iso: string): Date => new Date(iso);
const MS = 1;
/** An output instant (epoch milliseconds) as an ISO string, after checking it is a number. */
const iso = (x: number | null | undefined): string | null => {
  if (x === null || x === undefined) return null;
  expect(typeof x).toBe('number');
  return new Date(x).toISOString();
};
const ids = (events: readonly { id: string; at: number }[]): [string, string][] => events.map((e) => [e.id, iso(e.at) as string]);

describe('trialEnd', () => {
  it('is 7 London days later on both brands, at the same wall-clock time', () => {
    expect(iso(trialEnd('primary', d('2026-01-24T09:00:00Z')))).toBe('2026-01-31T09:00:00.000Z');
    expect(iso(trialEnd('secondary', d('2026-01-24T09:00:00Z')))).toBe('2026-01-31T09:00:00.000Z');
  });

  it('keeps the wall-clock time across the October clock change (a 7-day trial of 169 hours)', () => {
    const start = d('2025-10-20T18:00:00+01:00');
    const end = trialEnd('secondary', start);
    expect(iso(end)).toBe('2025-10-27T18:00:00.000Z'); // 18:00 GMT
    expect((end - start.getTime()) / 3_600_000).toBe(169);
  });

  it('keeps the wall-clock time across the March clock change (167 hours)', () => {
    const start = d('2026-03-25T10:00:00Z');
    expect(iso(trialEnd('primary', start))).toBe('2026-04-01T09:00:00.000Z'); // 10:00 BST
  });
});

describe('termPrice', () => {
  it('reads the catalogue: first month, month and year', () => {
    expect(termPrice('primary', 'platinum', { term: 'month', at: 0, first: true })).toBe(3999);
    expect(termPrice('primary', 'pro', { term: 'month', at: 0 })).toBe(15000);
    expect(termPrice('secondary', 'advanced', { term: 'year', at: 0 })).toBe(34999);
  });

  it('takes the sale yearly price while a sale is active, and not a millisecond before', () => {
    expect(termPrice('primary', 'pro-plus', { term: 'year', at: d('2025-08-11T08:00:00Z') })).toBe(89500);
    expect(termPrice('primary', 'pro-plus', { term: 'year', at: d('2025-08-11T07:59:59.999Z') })).toBe(149900);
    expect(termPrice('primary', 'pro-plus', { term: 'month', at: d('2025-08-12T08:00:00Z') })).toBe(16500);
  });

  it('lists every bad option', () => {
    expect(
      validationPaths(() => termPrice('primary', 'gold', { term: 'week' as 'month', at: NaN, first: 1 as unknown as boolean })),
    ).toEqual(['plan', 'options.term', 'options.at', 'options.first']);
  });
});

describe('findUpgrade', () => {
  it('moves each primary tier to the next one', () => {
    expect(findUpgrade('primary', 'platinum-upgrade')).toEqual({ slug: 'platinum-upgrade', from: 'platinum', to: 'diamond' });
    expect(findUpgrade('primary', 'diamond-upgrade')).toEqual({ slug: 'diamond-upgrade', from: 'diamond', to: 'pro' });
    expect(findUpgrade('primary', 'pro-upgrade')).toEqual({ slug: 'pro-upgrade', from: 'pro', to: 'pro-plus' });
  });

  it('moves each secondary plan to every higher one, and names the brand’s slugs for one it does not sell', () => {
    expect(findUpgrade('secondary', 'starter-upgrade')).toEqual({ slug: 'starter-upgrade', from: 'starter', to: 'advanced' });
    expect(findUpgrade('secondary', 'starter-pro-upgrade')).toEqual({ slug: 'starter-pro-upgrade', from: 'starter', to: 'pro' });
    expect(findUpgrade('secondary', 'advanced-upgrade')).toEqual({ slug: 'advanced-upgrade', from: 'advanced', to: 'pro' });
    expect(() => findUpgrade('secondary', 'pro-upgrade')).toThrow(
      /"pro-upgrade" is not an upgrade of the secondary brand \(starter-upgrade, starter-pro-upgrade, advanced-upgrade\)/,
    );
  });
});

describe('the timeline of a monthly subscription with a trial', () => {
  const sub: SubscriptionInput = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: d('2026-01-24T09:00:00Z'), trial: true };

  it('charges the first month at the trial end, then renews 7 days before each term ends', () => {
    const events = subscriptionEvents('primary', sub, d('2026-04-30T00:00:00Z'));
    expect(ids(events)).toEqual([
      ['sub_1:trial', '2026-01-24T09:00:00.000Z'],
      ['sub_1:term-1', '2026-01-31T09:00:00.000Z'], // trial end
      ['sub_1:term-2', '2026-02-21T09:00:00.000Z'], // 28 Feb 09:00 (31 Jan + 1 month, clamped) - 7 days
      // 31 Mar 09:00 BST less 7 London days is 24 Mar 09:00 GMT, 167 hours before; the window is
      // never shorter than 7 × 24 hours, so the renewal is at 08:00 GMT (168 hours before).
      ['sub_1:term-3', '2026-03-24T08:00:00.000Z'],
      ['sub_1:term-4', '2026-04-23T08:00:00.000Z'], // 30 Apr 09:00 BST - 7 days
    ]);
    const charges = events.filter((e) => e.type === 'payment');
    expect(charges.map((c) => [c.kind, c.amount, iso(c.periodStart), iso(c.periodEnd)])).toEqual([
      ['first', 3999, '2026-01-31T09:00:00.000Z', '2026-02-28T09:00:00.000Z'],
      ['renewal', 3999, '2026-02-28T09:00:00.000Z', '2026-03-31T08:00:00.000Z'],
      ['renewal', 3999, '2026-03-31T08:00:00.000Z', '2026-04-30T08:00:00.000Z'],
      ['renewal', 3999, '2026-04-30T08:00:00.000Z', '2026-05-31T08:00:00.000Z'],
    ]);
  });

  it('reports the trial, then the paid term, its window and the next charge', () => {
    const inTrial = subscriptionStatus('primary', sub, d('2026-01-30T00:00:00Z'));
    expect(inTrial.state).toBe('trial');
    expect(iso(inTrial.trialEndsAt)).toBe('2026-01-31T09:00:00.000Z');
    expect(iso(inTrial.endsAt)).toBe('2026-01-31T09:00:00.000Z');
    expect(inTrial.currentTerm).toBeNull();
    expect([inTrial.nextCharge?.id, inTrial.nextCharge?.amount, iso(inTrial.nextCharge?.at)]).toEqual([
      'sub_1:term-1',
      3999,
      '2026-01-31T09:00:00.000Z',
    ]);

    const active = subscriptionStatus('primary', sub, d('2026-02-10T00:00:00Z'));
    expect(active.state).toBe('active');
    expect(active.currentTerm?.index).toBe(1);
    expect(iso(active.currentTerm?.noChargeWindowStart)).toBe('2026-02-21T09:00:00.000Z');
    expect(active.inNoChargeWindow).toBe(false);
    expect(iso(active.endsAt)).toBe('2026-02-28T09:00:00.000Z');
    expect(active.accessEndsAt).toBeNull();
    expect(iso(active.nextCharge?.at)).toBe('2026-02-21T09:00:00.000Z');
  });
});

describe('month arithmetic from 31 January', () => {
  it('clamps to the end of shorter months and comes back to the 31st (anchored on the first term)', () => {
    const events = subscriptionEvents(
      'secondary',
      { id: 'sub_1', plan: 'starter', term: 'month', startedAt: d('2026-01-31T12:00:00Z') },
      d('2026-06-01T00:00:00Z'),
    );
    const ends = events.filter((e) => e.type === 'payment').map((e) => iso(e.periodEnd));
    expect(ends).toEqual([
      '2026-02-28T12:00:00.000Z',
      '2026-03-31T11:00:00.000Z', // 12:00 BST
      '2026-04-30T11:00:00.000Z',
      '2026-05-31T11:00:00.000Z',
      '2026-06-30T11:00:00.000Z',
    ]);
  });

  it('makes 29 February plus a year 28 February', () => {
    const events = subscriptionEvents(
      'secondary',
      { id: 'sub_1', plan: 'pro', term: 'year', startedAt: d('2028-02-29T12:00:00Z') },
      d('2028-03-01T00:00:00Z'),
    );
    expect(iso((events[0] as { periodEnd: number }).periodEnd)).toBe('2029-02-28T12:00:00.000Z');
  });
});

// Platinum monthly from 1 February 2026 00:00 (GMT): term 1 is [1 Feb, 1 Mar), 28 days; its
// window opens 7 days before the end, at R = 22 Feb 00:00. Term 2 is [1 Mar, 1 Apr 00:00 BST).
describe('the no-charge window at its boundary instant (primary brand, N = 7)', () => {
  const start = d('2026-02-01T00:00:00Z');
  const R = d('2026-02-22T00:00:00Z').getTime();
  const sub: SubscriptionInput = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: start };
  const before = R - MS;

  it('renewal: not yet charged 1 ms before the window opens; charged at its opening instant, which is not inside the window; 1 ms later, inside it', () => {
    const s1 = subscriptionStatus('primary', sub, before);
    expect([s1.nextCharge?.id, s1.nextCharge?.at]).toEqual(['sub_1:term-2', R]);
    expect(s1.inNoChargeWindow).toBe(false);
    expect(iso(s1.endsAt)).toBe('2026-03-01T00:00:00.000Z');
    expect(subscriptionEvents('primary', sub, before).map((e) => e.id)).toEqual(['sub_1:term-1']);

    const s2 = subscriptionStatus('primary', sub, R);
    expect(s2.inNoChargeWindow).toBe(false); // the window is (R, end): the renewal instant opens it
    expect(iso(s2.endsAt)).toBe('2026-03-31T23:00:00.000Z'); // 1 Apr 00:00 BST: term 2 is paid
    // Term 2 ends 1 Apr 00:00 BST; 7 London days before is 25 Mar 00:00 GMT, only 167 hours; the
    // window is never shorter than 7 × 24 hours, so term 3 is charged at 24 Mar 23:00 GMT.
    expect([s2.nextCharge?.id, iso(s2.nextCharge?.at)]).toEqual(['sub_1:term-3', '2026-03-24T23:00:00.000Z']);
    expect(subscriptionStatus('primary', sub, R + MS).inNoChargeWindow).toBe(true);
    expect(subscriptionStatus('primary', sub, d('2026-03-01T00:00:00Z').getTime() - MS).inNoChargeWindow).toBe(true);
    expect(subscriptionStatus('primary', sub, d('2026-03-01T00:00:00Z')).inNoChargeWindow).toBe(false); // term 2, not in its window
    expect(subscriptionEvents('primary', sub, R).map((e) => e.id)).toEqual(['sub_1:term-1', 'sub_1:term-2']);
  });

  it('cancellation: 1 ms before the window, access ends with the term; at its opening, with the next', () => {
    const early = subscriptionStatus('primary', { ...sub, changes: [{ type: 'cancel', at: before }] }, before);
    expect(iso(early.accessEndsAt)).toBe('2026-03-01T00:00:00.000Z');
    expect(early.nextCharge).toBeNull();
    const lateSub: SubscriptionInput = { ...sub, changes: [{ type: 'cancel', at: R }] };
    const late = subscriptionStatus('primary', lateSub, R);
    expect(iso(late.accessEndsAt)).toBe('2026-03-31T23:00:00.000Z');
    expect(late.nextCharge).toBeNull();
    expect(subscriptionEvents('primary', lateSub, d('2027-01-01T00:00:00Z')).map((e) => e.id)).toEqual(['sub_1:term-1', 'sub_1:term-2']);
    expect(subscriptionStatus('primary', lateSub, d('2026-03-31T22:59:59.999Z')).state).toBe('active');
    expect(subscriptionStatus('primary', lateSub, d('2026-03-31T23:00:00Z')).state).toBe('ended');
  });

  it('upgrade: 1 ms before, the rest of term 1; at the opening, the rest of term 1 and all of term 2', () => {
    // Diamond costs 1000p a month more than platinum. 7 days and 1 ms of 28 days: 250.0000004 -> 250.
    const q1 = quoteUpgrade('primary', sub, { slug: 'platinum-upgrade', at: before });
    expect(q1.charges.map((c) => [c.id, c.amount, iso(c.periodEnd)])).toEqual([
      ['sub_1:upgrade-0-term-1', 250, '2026-03-01T00:00:00.000Z'],
    ]);
    expect(q1.amount).toBe(250);
    const q2 = quoteUpgrade('primary', sub, { slug: 'platinum-upgrade', at: R });
    expect(q2.charges.map((c) => [c.id, c.amount])).toEqual([
      ['sub_1:upgrade-0-term-1', 250], // 7 of 28 days of 1000
      ['sub_1:upgrade-0-term-2', 1000], // term 2 was charged at 3999; diamond is 4999
    ]);
    expect(q2.amount).toBe(1250);
    expect([q2.from, q2.to]).toEqual(['platinum', 'diamond']);
  });

  it('a second upgrade in the same term is priced against the first upgrade’s plan', () => {
    const up: SubscriptionInput = {
      ...sub,
      changes: [
        { type: 'upgrade', slug: 'platinum-upgrade', at: d('2026-02-08T00:00:00Z') },
        { type: 'upgrade', slug: 'diamond-upgrade', at: d('2026-02-15T00:00:00Z') },
      ],
    };
    const charges = subscriptionEvents('primary', up, d('2026-02-20T00:00:00Z')).filter((e) => e.type === 'payment');
    expect(charges.map((c) => [c.id, c.plan, c.amount])).toEqual([
      ['sub_1:term-1', 'platinum', 3999],
      ['sub_1:upgrade-0-term-1', 'diamond', 750], // 1000 × 21/28
      ['sub_1:upgrade-1-term-1', 'pro', 5000], // (15000 − 4999) × 14/28 = 5000.5, rounded down
    ]);
  });

  it('renewals after an upgrade are at the new plan’s price', () => {
    const up: SubscriptionInput = { ...sub, changes: [{ type: 'upgrade', slug: 'platinum-upgrade', at: d('2026-02-15T00:00:00Z') }] };
    const charges = subscriptionEvents('primary', up, d('2026-03-25T00:00:00Z')).filter((e) => e.type === 'payment');
    expect(charges.map((c) => [c.id, c.plan, c.amount])).toEqual([
      ['sub_1:term-1', 'platinum', 3999],
      ['sub_1:upgrade-0-term-1', 'diamond', 500], // 14 of 28 days
      ['sub_1:term-2', 'diamond', 4999],
      ['sub_1:term-3', 'diamond', 4999],
    ]);
    expect(subscriptionStatus('primary', up, d('2026-02-16T00:00:00Z')).plan).toBe('diamond');
  });
});

describe('the no-charge window on the secondary brand (N = 14)', () => {
  it('renews 14 London days before the end: 1 ms before is not charged, the instant is', () => {
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'starter', term: 'month', startedAt: d('2026-02-01T00:00:00Z') };
    const R = d('2026-02-15T00:00:00Z').getTime();
    expect(subscriptionEvents('secondary', sub, R - MS).map((e) => e.id)).toEqual(['sub_1:term-1']);
    expect(subscriptionEvents('secondary', sub, R).map((e) => e.id)).toEqual(['sub_1:term-1', 'sub_1:term-2']);
    expect(iso(subscriptionStatus('secondary', { ...sub, changes: [{ type: 'cancel', at: R - MS }] }, R).accessEndsAt)).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(iso(subscriptionStatus('secondary', { ...sub, changes: [{ type: 'cancel', at: R }] }, R).accessEndsAt)).toBe(
      '2026-03-31T23:00:00.000Z',
    );
  });
});

describe('cancelling a trial', () => {
  const start = d('2026-01-24T09:00:00Z');
  const end = d('2026-01-31T09:00:00Z').getTime();

  it('1 ms before the trial ends: nothing is charged and access ends with the trial', () => {
    const sub: SubscriptionInput = {
      id: 'sub_1',
      plan: 'platinum',
      term: 'month',
      startedAt: start,
      trial: true,
      changes: [{ type: 'cancel', at: end - MS }],
    };
    expect(subscriptionEvents('primary', sub, d('2027-01-01T00:00:00Z')).map((e) => e.id)).toEqual(['sub_1:trial']);
    const s = subscriptionStatus('primary', sub, end - MS);
    expect([s.state, iso(s.accessEndsAt), s.nextCharge]).toEqual(['trial', '2026-01-31T09:00:00.000Z', null]);
    expect(subscriptionStatus('primary', sub, end).state).toBe('ended');
  });

  it('at the trial end instant: the first month has been charged and runs to its end', () => {
    const sub: SubscriptionInput = {
      id: 'sub_1',
      plan: 'platinum',
      term: 'month',
      startedAt: start,
      trial: true,
      changes: [{ type: 'cancel', at: end }],
    };
    expect(subscriptionEvents('primary', sub, d('2027-01-01T00:00:00Z')).map((e) => e.id)).toEqual(['sub_1:trial', 'sub_1:term-1']);
    expect(iso(subscriptionStatus('primary', sub, end).accessEndsAt)).toBe('2026-02-28T09:00:00.000Z');
  });
});

describe('upgrading in a trial', () => {
  it('switches the rest of the trial to the new plan, charges nothing, and bills the new plan at the trial end', () => {
    const sub: SubscriptionInput = {
      id: 'sub_1',
      plan: 'diamond',
      term: 'month',
      startedAt: d('2026-01-24T09:00:00Z'),
      trial: true,
      changes: [{ type: 'upgrade', slug: 'diamond-upgrade', at: d('2026-01-27T09:00:00Z') }],
    };
    const events = subscriptionEvents('primary', sub, d('2026-02-01T00:00:00Z'));
    expect(events.map((e) => [e.id, e.plan, iso(e.periodStart), iso(e.periodEnd)])).toEqual([
      ['sub_1:trial', 'diamond', '2026-01-24T09:00:00.000Z', '2026-01-27T09:00:00.000Z'],
      ['sub_1:trial-upgrade-0', 'pro', '2026-01-27T09:00:00.000Z', '2026-01-31T09:00:00.000Z'],
      ['sub_1:term-1', 'pro', '2026-01-31T09:00:00.000Z', '2026-02-28T09:00:00.000Z'],
    ]);
    expect((events[2] as { amount: number }).amount).toBe(15000);
    expect(quoteUpgrade('primary', { ...sub, changes: [] }, { slug: 'diamond-upgrade', at: d('2026-01-27T09:00:00Z') }).amount).toBe(0);
  });
});

describe('yearly terms and sales', () => {
  it('charges a yearly purchase in the sale at the sale price, and renews at the full price', () => {
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'diamond', term: 'year', startedAt: d('2025-08-12T12:00:00+01:00') };
    const charges = subscriptionEvents('primary', sub, d('2026-08-10T00:00:00Z')).filter((e) => e.type === 'payment');
    expect(charges.map((c) => [c.id, c.amount, c.saleId, iso(c.at), iso(c.periodEnd)])).toEqual([
      ['sub_1:term-1', 29700, 'aug-2025', '2025-08-12T11:00:00.000Z', '2026-08-12T11:00:00.000Z'],
      ['sub_1:term-2', 45000, null, '2026-08-05T11:00:00.000Z', '2027-08-12T11:00:00.000Z'],
    ]);
  });

  it('charges a renewal taken while a sale is active at the sale price', () => {
    // Term 1 ends 19 August 2025 12:00 BST; its renewal is charged 7 days earlier, in the first sale.
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'diamond', term: 'year', startedAt: d('2024-08-19T12:00:00+01:00') };
    const charges = subscriptionEvents('primary', sub, d('2025-08-20T00:00:00Z')).filter((e) => e.type === 'payment');
    expect(charges.map((c) => [c.id, c.amount, c.saleId, iso(c.at)])).toEqual([
      ['sub_1:term-1', 45000, null, '2024-08-19T11:00:00.000Z'],
      ['sub_1:term-2', 29700, 'aug-2025', '2025-08-12T11:00:00.000Z'],
    ]);
  });

  it('prices an upgrade in the sale against what the term was paid', () => {
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'diamond', term: 'year', startedAt: d('2025-08-12T00:00:00+01:00') };
    // Bought at 29700; pro in the sale is 59700: an upgrade at the start pays the whole 30000.
    const same = quoteUpgrade('primary', sub, { slug: 'diamond-upgrade', at: d('2025-08-12T00:00:00+01:00') });
    expect(same.charges.map((c) => [c.amount, c.saleId])).toEqual([[30000, 'aug-2025']]);
    // After the sale, pro is 99500: 69800 for the year. On 2026-02-12 00:00 GMT, 181 days less an
    // hour (the BST hour of 29 March) are left of 365 days: floor(69800 × 4343 / 8760) = 34605.
    const later = quoteUpgrade('primary', sub, { slug: 'diamond-upgrade', at: d('2026-02-12T00:00:00Z') });
    const year = d('2026-08-12T00:00:00+01:00').getTime() - d('2025-08-12T00:00:00+01:00').getTime();
    const left = d('2026-08-12T00:00:00+01:00').getTime() - d('2026-02-12T00:00:00Z').getTime();
    expect(left).toBe(181 * 86_400_000 - 3_600_000);
    expect(year).toBe(365 * 86_400_000);
    expect(later.amount).toBe(34605); // 69800 × (181 d − 1 h) / 365 d = 34605.6…
  });
});

describe('invalid subscriptions', () => {
  it('lists every bad field', () => {
    const bad = {
      id: 'sub_1',
      plan: 'gold',
      term: 'week',
      startedAt: NaN,
      trial: 'yes',
      changes: [
        { type: 'pause', at: 0 },
        { type: 'upgrade', slug: 'x', at: 'soon' },
      ],
    };
    expect(validationPaths(() => subscriptionStatus('primary', bad as unknown as SubscriptionInput, 0))).toEqual([
      'subscription.plan',
      'subscription.term',
      'subscription.startedAt',
      'subscription.trial',
      'subscription.changes.0.type',
      'subscription.changes.1.at',
      'subscription.changes.1.slug',
    ]);
  });

  it('reports a missing subscription once, not once per field', () => {
    expect(validationPaths(() => subscriptionStatus('primary', null as unknown as SubscriptionInput, 0))).toEqual(['subscription']);
  });

  it('reports a change that is not an object once, and a null trial as not a boolean', () => {
    const bad = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: 0, trial: null, changes: [7, { at: 1 }] };
    expect(validationPaths(() => subscriptionStatus('primary', bad as unknown as SubscriptionInput, 0))).toEqual([
      'subscription.trial',
      'subscription.changes.0',
      'subscription.changes.1.type',
    ]);
    expect(validationPaths(() => termPrice('primary', 'platinum', null as unknown as { term: 'month'; at: number }))).toEqual(['options']);
  });

  it('refuses changes out of order, an upgrade from another plan, a second cancellation, an upgrade after cancelling', () => {
    const start = d('2026-02-01T00:00:00Z');
    const base = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: start } as const;
    const run = (changes: readonly SubscriptionChange[]) => () =>
      subscriptionStatus('primary', { ...base, changes }, d('2026-02-02T00:00:00Z'));
    expect(validationPaths(run([{ type: 'cancel', at: d('2026-01-31T00:00:00Z') }]))).toEqual(['subscription.changes.0.at']);
    expect(validationPaths(run([{ type: 'upgrade', slug: 'pro-upgrade', at: start }]))).toEqual(['subscription.changes.0.slug']);
    expect(() => run([{ type: 'upgrade', slug: 'pro-upgrade', at: start }])()).toThrow(
      /pro-upgrade upgrades pro to pro-plus, but the plan is platinum/,
    );
    expect(
      validationPaths(
        run([
          { type: 'cancel', at: start },
          { type: 'cancel', at: start },
        ]),
      ),
    ).toEqual(['subscription.changes.1']);
    expect(
      validationPaths(
        run([
          { type: 'cancel', at: start },
          { type: 'upgrade', slug: 'platinum-upgrade', at: start },
        ]),
      ),
    ).toEqual(['subscription.changes.1.slug']);
    expect(() =>
      run([
        { type: 'cancel', at: d('2026-02-01T12:00:00Z') },
        { type: 'cancel', at: d('2026-02-01T06:00:00Z') },
      ])(),
    ).toThrow(/changes\.1\.at: must not be before changes\.0\.at \(changes are in time order\)/);
    // Changes after `now` are still checked.
    expect(
      validationPaths(
        run([
          { type: 'cancel', at: d('2026-03-01T00:00:00Z') },
          { type: 'cancel', at: d('2026-03-02T00:00:00Z') },
        ]),
      ),
    ).toEqual(['subscription.changes.1']);
  });

  it('refuses a status before the start, and a quote for an upgrade the brand does not sell', () => {
    expect(
      validationPaths(() => subscriptionStatus('primary', { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: 10 }, 9)),
    ).toEqual(['now']);
    expect(
      validationPaths(() =>
        quoteUpgrade('secondary', { id: 'sub_1', plan: 'starter', term: 'month', startedAt: 0 }, { slug: 'pro-upgrade', at: 0 }),
      ),
    ).toEqual(['request.slug']);
    expect(
      validationPaths(() =>
        quoteUpgrade(
          'primary',
          { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: 10, changes: [{ type: 'cancel', at: 20 }] },
          { slug: 'platinum-upgrade', at: 15 },
        ),
      ),
    ).toEqual(['request.at']);
  });

  it('refuses a catalogue whose no-charge window is not shorter than a term', () => {
    // A window of 28 days or more leaves no time in February before the renewal: the catalogue check refuses it.
    expect(validationPaths(() => withWindow(28))).toEqual(['billing.daysBeforeSubscriptionEndNotToCharge']);
    expect(() => withWindow(40)).toThrow(/must be less than 28 days, the shortest term \(February\)/);
    expect(
      subscriptionEvents(
        withWindow(27),
        { id: 'sub_1', plan: 'starter', term: 'month', startedAt: d('2026-02-01T00:00:00Z') },
        d('2026-02-01T12:00:00Z'),
      ).length,
    ).toBe(1);
  });
});

function withWindow(days: number) {
  const b = getBrand('secondary');
  return defineBrand({ ...b, billing: { daysBeforeSubscriptionEndNotToCharge: days } });
}

describe('subscription ids', () => {
  it('prefixes every event id with the subscription id, so two subscriptions of a member make one ledger', () => {
    const a = subscriptionEvents(
      'primary',
      {
        id: 'sub_a',
        plan: 'platinum',
        term: 'month',
        startedAt: Date.UTC(2026, 0, 1),
        trial: true,
        changes: [{ type: 'cancel', at: Date.UTC(2026, 0, 3) }],
      },
      Date.UTC(2026, 5, 1),
    );
    const b = subscriptionEvents(
      'primary',
      { id: 'sub_b', plan: 'diamond', term: 'month', startedAt: Date.UTC(2026, 2, 1) },
      Date.UTC(2026, 2, 10),
    );
    const c = subscriptionEvents(
      'primary',
      { id: 'sub_c', plan: 'diamond', term: 'month', startedAt: Date.UTC(2026, 3, 1) },
      Date.UTC(2026, 3, 10),
    );
    expect([...a, ...b, ...c].map((e) => e.id)).toEqual(['sub_a:trial', 'sub_b:term-1', 'sub_c:term-1']);
    expect(capabilitiesAt('primary', [...a, ...b, ...c], Date.UTC(2026, 3, 5)).grants).toEqual(['sub_c:term-1']);
  });

  it('requires an id of letters, digits, underscores or hyphens', () => {
    const base = { plan: 'platinum', term: 'month', startedAt: 0 } as const;
    expect(validationPaths(() => subscriptionStatus('primary', base as unknown as SubscriptionInput, 0))).toEqual(['subscription.id']);
    expect(() => subscriptionStatus('primary', { ...base, id: 'a:b' }, 0)).toThrow(
      /subscription\.id: must be 1 to 64 letters, digits, underscores or hyphens/,
    );
  });
});

describe('upgrade charges name the term charge they build on', () => {
  it('refunding the term charge takes the upgrade bought in that term away too', () => {
    const sub: SubscriptionInput = {
      id: 'sub_1',
      plan: 'platinum',
      term: 'month',
      startedAt: d('2026-02-01T00:00:00Z'),
      changes: [{ type: 'upgrade', slug: 'platinum-upgrade', at: d('2026-02-15T00:00:00Z') }],
    };
    const events = subscriptionEvents('primary', sub, d('2026-02-16T00:00:00Z'));
    expect(events.map((e) => [e.id, e.type === 'payment' ? e.amount : 0, e.type === 'payment' ? e.basePaymentId : null])).toEqual([
      ['sub_1:term-1', 3999, null],
      ['sub_1:upgrade-0-term-1', 500, 'sub_1:term-1'],
    ]);
    const ledger = [...events, { type: 'refund', paymentId: 'sub_1:term-1', at: d('2026-02-16T00:00:00Z') } as const];
    expect(capabilitiesAt('primary', ledger, d('2026-02-20T00:00:00Z')).plans).toEqual([]);
    expect(capabilitiesAt('primary', ledger, d('2026-02-15T12:00:00Z')).plans).toEqual(['platinum', 'diamond']);
  });
});

describe('upgrade charges build on the latest charge of their term', () => {
  const sub: SubscriptionInput = {
    id: 'sub_1',
    plan: 'platinum',
    term: 'month',
    startedAt: d('2026-02-01T00:00:00Z'),
    changes: [
      { type: 'upgrade', slug: 'platinum-upgrade', at: d('2026-02-05T00:00:00Z') },
      { type: 'upgrade', slug: 'diamond-upgrade', at: d('2026-02-10T00:00:00Z') },
      { type: 'upgrade', slug: 'pro-upgrade', at: d('2026-02-23T00:00:00Z') },
    ],
  };
  const now = d('2026-02-24T00:00:00Z');
  const events = subscriptionEvents('primary', sub, now);

  it('names the previous upgrade of the term, else the term charge', () => {
    // Term 2 is charged on 22 February (7 days before 1 March), so the pro-upgrade charges both terms.
    expect(events.map((e) => [e.id, e.type === 'payment' ? e.basePaymentId : null])).toEqual([
      ['sub_1:term-1', null],
      ['sub_1:upgrade-0-term-1', 'sub_1:term-1'],
      ['sub_1:upgrade-1-term-1', 'sub_1:upgrade-0-term-1'],
      ['sub_1:term-2', null],
      ['sub_1:upgrade-2-term-1', 'sub_1:upgrade-1-term-1'],
      ['sub_1:upgrade-2-term-2', 'sub_1:term-2'],
    ]);
  });

  it('refunding the first upgrade takes the two built on it away and leaves platinum', () => {
    expect(capabilitiesAt('primary', events, now).plans).toEqual(['platinum', 'diamond', 'pro', 'pro-plus']);
    const refund = { type: 'refund', paymentId: 'sub_1:upgrade-0-term-1', at: now } as const;
    expect(capabilitiesAt('primary', [...events, refund], now)).toMatchObject({ plans: ['platinum'], grants: ['sub_1:term-1'] });
    const second = { type: 'refund', paymentId: 'sub_1:upgrade-1-term-1', at: now } as const;
    expect(capabilitiesAt('primary', [...events, second], now).plans).toEqual(['platinum', 'diamond']);
  });

  it('a failed renewal takes back the renewal and the whole chain of upgrades built on it', () => {
    const failing: SubscriptionInput = {
      id: 'sub_1',
      plan: 'platinum',
      term: 'month',
      startedAt: d('2026-02-01T00:00:00Z'),
      changes: [
        { type: 'upgrade', slug: 'platinum-upgrade', at: d('2026-02-23T00:00:00Z') },
        { type: 'upgrade', slug: 'diamond-upgrade', at: d('2026-02-24T00:00:00Z') },
        { type: 'payment-failed', at: d('2026-02-25T00:00:00Z') },
      ],
    };
    expect(subscriptionEvents('primary', failing, d('2026-02-26T00:00:00Z')).map((e) => e.id)).toEqual([
      'sub_1:term-1',
      'sub_1:upgrade-0-term-1',
      'sub_1:upgrade-1-term-1',
    ]);
  });
});

describe('the no-charge window across clock changes', () => {
  it('is never shorter than N × 24 hours when N London days back is a skipped wall time', () => {
    // Term 1 from 5 March 2026 01:30 GMT ends 5 April 01:30 BST (00:30Z). 7 London days back is
    // 29 March 01:30, which the clocks skip; the window opens 168 hours before the end instead.
    const s = subscriptionStatus(
      'primary',
      { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: d('2026-03-05T01:30:00Z') },
      d('2026-03-10T00:00:00Z'),
    );
    expect(iso(s.currentTerm?.end ?? null)).toBe('2026-04-05T00:30:00.000Z');
    expect(iso(s.currentTerm?.noChargeWindowStart ?? null)).toBe('2026-03-29T00:30:00.000Z');
    expect(iso(s.nextCharge?.at)).toBe('2026-03-29T00:30:00.000Z');
  });

  it('starts term 1 at its own first instant in the second, GMT, 01:30 of a fall-back day', () => {
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: d('2025-10-26T01:30:00Z') };
    const [first] = subscriptionEvents('primary', sub, d('2025-10-26T01:30:00Z'));
    expect([iso(first?.at), iso(first?.periodStart), iso(first?.periodEnd)]).toEqual([
      '2025-10-26T01:30:00.000Z',
      '2025-10-26T01:30:00.000Z',
      '2025-11-26T01:30:00.000Z',
    ]);
    expect(iso(subscriptionStatus('primary', sub, d('2025-10-26T01:30:00Z')).currentTerm?.start ?? null)).toBe('2025-10-26T01:30:00.000Z');
    expect(quoteUpgrade('primary', sub, { slug: 'platinum-upgrade', at: d('2025-10-26T01:30:00Z') }).amount).toBe(1000);
  });
});

describe('events through an instant', () => {
  it('lists nothing after `through`, even before the start', () => {
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: Date.UTC(2026, 1, 1), trial: true };
    expect(subscriptionEvents('primary', sub, Date.UTC(2026, 0, 1))).toEqual([]);
    expect(subscriptionEvents('primary', sub, Date.UTC(2026, 1, 1)).map((e) => e.id)).toEqual(['sub_1:trial']);
  });
});

describe('failed and retried charges', () => {
  // Platinum monthly from 1 February 2026: term 2 is charged on 22 February 00:00 (term 1 ends 1 March).
  const base = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: d('2026-02-01T00:00:00Z') } as const;
  const failed: SubscriptionInput = { ...base, changes: [{ type: 'payment-failed', at: d('2026-02-22T00:05:00Z') }] };

  it('a failed renewal ends access at the end of the paid term, with no further charge', () => {
    const s = subscriptionStatus('primary', failed, d('2026-02-25T00:00:00Z'));
    expect([s.state, iso(s.endsAt), iso(s.accessEndsAt), iso(s.paymentFailedAt), s.nextCharge]).toEqual([
      'active',
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-02-22T00:05:00.000Z',
      null,
    ]);
    expect(subscriptionStatus('primary', failed, d('2026-03-01T00:00:00Z')).state).toBe('ended');
    expect(subscriptionEvents('primary', failed, d('2026-06-01T00:00:00Z')).map((e) => e.id)).toEqual(['sub_1:term-1']);
    // Before the failure is reported, the renewal stands.
    expect(subscriptionEvents('primary', failed, d('2026-02-22T00:00:00Z')).map((e) => e.id)).toEqual(['sub_1:term-1', 'sub_1:term-2']);
  });

  it('a retry before the end charges the term at the retry instant and renewals resume', () => {
    const retried: SubscriptionInput = {
      ...base,
      changes: [...(failed.changes ?? []), { type: 'payment-retried', at: d('2026-02-24T10:00:00Z') }],
    };
    const events = subscriptionEvents('primary', retried, d('2026-03-31T00:00:00Z'));
    expect(ids(events)).toEqual([
      ['sub_1:term-1', '2026-02-01T00:00:00.000Z'],
      ['sub_1:term-2', '2026-02-24T10:00:00.000Z'],
      ['sub_1:term-3', '2026-03-24T23:00:00.000Z'],
    ]);
    const s = subscriptionStatus('primary', retried, d('2026-03-05T00:00:00Z'));
    expect([s.accessEndsAt, s.paymentFailedAt, iso(s.nextCharge?.at)]).toEqual([null, null, '2026-03-24T23:00:00.000Z']);
  });

  it('refuses a retry at or after the end, a retry with no failure, and a failure after its term started', () => {
    const late = {
      ...base,
      changes: [...(failed.changes ?? []), { type: 'payment-retried', at: d('2026-03-01T00:00:00Z') }],
    } as SubscriptionInput;
    expect(() => subscriptionStatus('primary', late, d('2026-03-02T00:00:00Z'))).toThrow(
      /changes\.1\.at: too late: access ended on 1 March 2026 at 00:00 \(London time\)/,
    );
    expect(
      validationPaths(() =>
        subscriptionStatus(
          'primary',
          { ...base, changes: [{ type: 'payment-retried', at: d('2026-02-10T00:00:00Z') }] },
          d('2026-02-11T00:00:00Z'),
        ),
      ),
    ).toEqual(['subscription.changes.0.type']);
    expect(
      validationPaths(() =>
        subscriptionStatus(
          'primary',
          { ...base, changes: [{ type: 'payment-failed', at: d('2026-02-10T00:00:00Z') }] },
          d('2026-02-11T00:00:00Z'),
        ),
      ),
    ).toEqual(['subscription.changes.0.at']);
  });

  it('a failed first charge ends the trial with nothing held after it', () => {
    const sub: SubscriptionInput = { ...base, trial: true, changes: [{ type: 'payment-failed', at: d('2026-02-08T00:00:00Z') }] };
    const s = subscriptionStatus('primary', sub, d('2026-02-08T00:00:00Z'));
    expect([s.state, iso(s.accessEndsAt), s.nextCharge]).toEqual(['ended', '2026-02-08T00:00:00.000Z', null]);
  });
});

describe('quoteUpgrade validation', () => {
  it('names every bad field of the request once, with the subscription’s', () => {
    const sub = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: 0 } as const;
    expect(validationPaths(() => quoteUpgrade('primary', sub, { slug: 'nope', at: NaN }))).toEqual(['request.slug', 'request.at']);
    expect(
      validationPaths(() => quoteUpgrade('primary', { ...sub, term: 'week' } as unknown as SubscriptionInput, { slug: 'nope', at: NaN })),
    ).toEqual(['subscription.term', 'request.slug', 'request.at']);
    expect(() => quoteUpgrade('primary', sub, { slug: 'platinum-upgrade', at: Infinity })).toThrow(/received Infinity/);
  });
});

describe('far instants', () => {
  it('reads a status in year 9999 without replaying every term', () => {
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: d('2026-02-01T00:00:00Z') };
    const t0 = performance.now();
    const s = subscriptionStatus('primary', sub, d('9999-06-15T00:00:00Z'));
    expect(performance.now() - t0).toBeLessThan(500);
    expect([iso(s.currentTerm?.start ?? null), iso(s.currentTerm?.end ?? null)]).toEqual([
      '9999-05-31T23:00:00.000Z',
      '9999-06-30T23:00:00.000Z',
    ]); // 1 June and 1 July, 00:00 BST
    expect(s.nextCharge?.termIndex).toBe((9999 - 2026) * 12 + 6);
  });

  it('agrees with the replayed events, term for term', () => {
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: d('2026-01-31T09:00:00Z'), trial: true };
    for (const now of ['2027-03-24T08:59:59.999Z', '2027-03-24T09:00:00Z', '2031-10-30T12:00:00Z']) {
      const s = subscriptionStatus('primary', sub, d(now));
      const charges = subscriptionEvents('primary', sub, d(now)).filter((e) => e.type === 'payment');
      const last = charges[charges.length - 1];
      expect(iso(s.endsAt)).toBe(iso(last?.periodEnd));
    }
  });
});

describe('instants out', () => {
  it('every instant billing returns is epoch milliseconds (a number), whether Dates or numbers went in', () => {
    const isMs = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x);
    for (const start of [d('2026-01-24T09:00:00Z'), Date.parse('2026-01-24T09:00:00Z')]) {
      const sub: SubscriptionInput = {
        id: 'sub_1',
        plan: 'platinum',
        term: 'month',
        startedAt: start,
        trial: true,
        changes: [
          { type: 'upgrade', slug: 'platinum-upgrade', at: d('2026-02-10T12:00:00Z') },
          { type: 'payment-failed', at: d('2026-02-21T09:05:00Z') },
          { type: 'cancel', at: d('2026-02-22T12:00:00Z') },
        ],
      };
      const s = subscriptionStatus('primary', sub, d('2026-02-23T00:00:00Z'));
      const c = s.currentTerm;
      expect(
        [s.trialEndsAt, s.endsAt, s.cancelledAt, s.accessEndsAt, s.paymentFailedAt, c?.start, c?.end, c?.noChargeWindowStart].every(isMs),
      ).toBe(true);
      const events = subscriptionEvents('primary', sub, d('2026-03-01T00:00:00Z'));
      expect(events.map((e) => e.id)).toEqual(['sub_1:trial', 'sub_1:term-1', 'sub_1:upgrade-0-term-1']);
      expect(events.every((e) => isMs(e.at) && isMs(e.periodStart) && isMs(e.periodEnd))).toBe(true);
      const open = subscriptionStatus('primary', { ...sub, changes: [] }, d('2026-02-10T00:00:00Z'));
      expect([open.nextCharge?.at, open.nextCharge?.periodStart, open.nextCharge?.periodEnd].every(isMs)).toBe(true);
      const q = quoteUpgrade('primary', { ...sub, changes: [] }, { slug: 'platinum-upgrade', at: d('2026-02-10T12:00:00Z') });
      expect(q.charges.every((x) => isMs(x.at) && isMs(x.periodStart) && isMs(x.periodEnd))).toBe(true);
      expect(isMs(trialEnd('primary', start))).toBe(true);
    }
  });
});

describe('unknown fields (a review of the installed package)', () => {
  it('refuses a misspelled field instead of reading it as absent (a trial lost to "trail")', () => {
    const sub = {
      id: 'sub_1',
      plan: 'platinum',
      term: 'month',
      startedAt: Date.UTC(2026, 1, 1),
      trail: true,
    } as unknown as SubscriptionInput;
    expect(validationError(() => subscriptionStatus('primary', sub, Date.UTC(2026, 1, 2))).issues).toEqual([
      { path: 'subscription.trail', message: 'is not a field of a subscription; did you mean trial?' },
    ]);
    const withChange = {
      id: 'sub_1',
      plan: 'platinum',
      term: 'month',
      startedAt: Date.UTC(2026, 1, 1),
      changes: [{ type: 'cancel', at: Date.UTC(2026, 1, 3), slug: 'platinum-upgrade' }],
    } as unknown as SubscriptionInput;
    expect(validationPaths(() => subscriptionStatus('primary', withChange, Date.UTC(2026, 1, 4)))).toEqual(['subscription.changes.0.slug']);
    expect(validationPaths(() => termPrice('primary', 'platinum', { term: 'month', at: 0, frist: true } as never))).toEqual([
      'options.frist',
    ]);
    expect(
      validationPaths(() =>
        quoteUpgrade('primary', { id: 's', plan: 'platinum', term: 'month', startedAt: 0 }, {
          slug: 'platinum-upgrade',
          at: 1,
          when: 2,
        } as never),
      ),
    ).toEqual(['request.when']);
  });
});
