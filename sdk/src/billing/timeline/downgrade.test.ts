// Downgrades at renewal: the member moves to a lower plan from the first term not yet charged,
// keeps what they paid for to its end (no refund), and may take it back before then. Every figure
// is the catalogue's price as the spec states it (secondary: starter 249.99, advanced 349.99, pro
// 999 a year; primary: platinum 39.99, pro 150 a month) and every instant is worked by hand.
import { describe, expect, it } from 'vitest';
import { capabilitiesAt, downgradeOptions, subscriptionEvents, subscriptionStatus, type SubscriptionInput } from '../index';
import { MatchkitValidationError } from '../../errors/errors';
import { validationError } from '../../internal/testing/validation';

const at = (iso: string): number => Date.parse(iso);

/** A yearly pro plan of the secondary brand from 1 December 2026: term 1 ends 1 December 2027, renewed 14 days before (17 November). */
const pro = (changes: SubscriptionInput['changes'] = []): SubscriptionInput => ({
  id: 'sub_1',
  plan: 'pro',
  term: 'year',
  startedAt: at('2026-12-01T00:00:00Z'),
  changes,
});

const issuesOf = (f: () => unknown) => validationError(f).issues;

describe('downgradeOptions', () => {
  it('lists the plans the brand sells a way up from, in plan order', () => {
    expect(downgradeOptions('secondary', 'pro')).toEqual(['starter', 'advanced']);
    expect(downgradeOptions('secondary', 'advanced')).toEqual(['starter']);
    expect(downgradeOptions('secondary', 'starter')).toEqual([]);
    expect(downgradeOptions('primary', 'pro-plus')).toEqual(['platinum', 'diamond', 'pro']);
    expect(downgradeOptions('primary', 'platinum')).toEqual([]);
  });

  it('refuses a plan the brand does not have, naming the field', () => {
    expect(() => downgradeOptions('secondary', 'gold')).toThrow(MatchkitValidationError);
    expect(issuesOf(() => downgradeOptions('secondary', 'gold'))[0]?.path).toBe('plan');
  });
});

describe('a downgrade at renewal', () => {
  const down = { type: 'downgrade', plan: 'starter', at: at('2027-05-10T12:00:00Z') } as const;

  it('charges the renewal at the lower price, with no refund of the term paid', () => {
    const events = subscriptionEvents('secondary', pro([down]), at('2028-01-01T00:00:00Z'));
    expect(events.map((e) => [e.id, e.type === 'payment' ? e.amount : 0, e.plan, e.at])).toEqual([
      ['sub_1:term-1', 99_900, 'pro', at('2026-12-01T00:00:00Z')],
      ['sub_1:term-2', 24_999, 'starter', at('2027-11-17T00:00:00Z')],
    ]);
  });

  it('keeps the higher plan to the end of the term, then the lower one', () => {
    const events = subscriptionEvents('secondary', pro([down]), at('2028-01-01T00:00:00Z'));
    expect(capabilitiesAt('secondary', events, at('2027-11-30T23:59:59.999Z')).plans).toEqual(['pro']);
    expect(capabilitiesAt('secondary', events, at('2027-12-01T00:00:00Z')).plans).toEqual(['starter']);
  });

  it('shows as pending until its term starts, with the renewal at the lower plan', () => {
    const before = subscriptionStatus('secondary', pro([down]), at('2027-11-20T00:00:00Z'));
    expect(before.plan).toBe('pro');
    expect(before.pendingDowngrade).toEqual({
      from: 'pro',
      plan: 'starter',
      termIndex: 2,
      at: at('2027-12-01T00:00:00Z'),
      chargedAt: at('2027-11-17T00:00:00Z'),
    });
    expect(before.nextCharge).toMatchObject({ id: 'sub_1:term-3', plan: 'starter', amount: 24_999, at: at('2028-11-17T00:00:00Z') });
    const asked = subscriptionStatus('secondary', pro([down]), at('2027-05-10T12:00:00Z'));
    expect(asked.nextCharge).toMatchObject({ id: 'sub_1:term-2', plan: 'starter', amount: 24_999, at: at('2027-11-17T00:00:00Z') });
    const after = subscriptionStatus('secondary', pro([down]), at('2027-12-01T00:00:00Z'));
    expect(after.plan).toBe('starter');
    expect(after.pendingDowngrade).toBeNull();
  });

  it('asked inside the no-charge window (the renewal already taken at the old price), takes effect a term later', () => {
    const late = { type: 'downgrade', plan: 'advanced', at: at('2027-11-20T00:00:00Z') } as const;
    const events = subscriptionEvents('secondary', pro([late]), at('2029-01-01T00:00:00Z'));
    expect(events.map((e) => [e.id, e.type === 'payment' ? e.amount : 0, e.plan])).toEqual([
      ['sub_1:term-1', 99_900, 'pro'],
      ['sub_1:term-2', 99_900, 'pro'],
      ['sub_1:term-3', 34_999, 'advanced'],
    ]);
    expect(subscriptionStatus('secondary', pro([late]), at('2027-11-21T00:00:00Z')).pendingDowngrade).toEqual({
      from: 'pro',
      plan: 'advanced',
      termIndex: 3,
      at: at('2028-12-01T00:00:00Z'),
      chargedAt: null,
    });
  });

  it('taken back before its term: the plan renews as before', () => {
    const keep = { type: 'cancel-downgrade', at: at('2027-06-01T09:00:00Z') } as const;
    const events = subscriptionEvents('secondary', pro([down, keep]), at('2028-01-01T00:00:00Z'));
    expect(events.map((e) => (e.type === 'payment' ? e.amount : 0))).toEqual([99_900, 99_900]);
    expect(subscriptionStatus('secondary', pro([down, keep]), at('2027-06-02T00:00:00Z')).pendingDowngrade).toBeNull();
  });

  it('charged at the lower price, it stands: taking it back or replacing it is refused (issue 20)', () => {
    // The renewal on 17 November 2027 took Starter's £249.99 for the term from 1 December: keeping
    // Pro for that term at that price must not be possible.
    const keep = { type: 'cancel-downgrade', at: at('2027-11-20T09:00:00Z') } as const;
    const too =
      "too late: term 2 was charged at starter's price on 17 November 2027 at 00:00, so starter is held from 1 December 2027 at 00:00 (London time)";
    expect(issuesOf(() => subscriptionStatus('secondary', pro([down, keep]), at('2027-11-21T00:00:00Z')))).toEqual([
      { path: 'subscription.changes.1.type', message: too },
    ]);
    const other = { type: 'downgrade', plan: 'advanced', at: at('2027-11-20T09:00:00Z') } as const;
    expect(issuesOf(() => subscriptionStatus('secondary', pro([down, other]), at('2027-11-21T00:00:00Z')))).toEqual([
      { path: 'subscription.changes.1.plan', message: too },
    ]);
    // A failed renewal takes the charge back, and with it the reason to refuse.
    const failed = { type: 'payment-failed', at: at('2027-11-17T00:05:00Z') } as const;
    const status = subscriptionStatus('secondary', pro([down, failed, keep]), at('2027-11-21T00:00:00Z'));
    expect([status.plan, status.pendingDowngrade]).toEqual(['pro', null]);
  });

  it('a later downgrade replaces a pending one', () => {
    const second = { type: 'downgrade', plan: 'advanced', at: at('2027-07-01T00:00:00Z') } as const;
    const events = subscriptionEvents('secondary', pro([down, second]), at('2028-01-01T00:00:00Z'));
    expect(events.map((e) => [e.plan, e.type === 'payment' ? e.amount : 0])).toEqual([
      ['pro', 99_900],
      ['advanced', 34_999],
    ]);
  });

  it('an upgrade takes a pending downgrade back', () => {
    const advanced: SubscriptionInput = {
      ...pro(),
      plan: 'advanced',
      changes: [down, { type: 'upgrade', slug: 'advanced-upgrade', at: at('2027-06-01T00:00:00Z') }],
    };
    const status = subscriptionStatus('secondary', advanced, at('2027-06-02T00:00:00Z'));
    expect(status.plan).toBe('pro');
    expect(status.pendingDowngrade).toBeNull();
    expect(status.nextCharge).toMatchObject({ plan: 'pro', amount: 99_900 });
  });

  it('in a trial, the first charge is the lower plan’s and the trial keeps the plan chosen', () => {
    const trial: SubscriptionInput = {
      id: 'sub_1',
      plan: 'pro',
      term: 'month',
      startedAt: at('2026-01-24T09:00:00Z'),
      trial: true,
      changes: [{ type: 'downgrade', plan: 'platinum', at: at('2026-01-26T09:00:00Z') }],
    };
    const events = subscriptionEvents('primary', trial, at('2026-02-01T00:00:00Z'));
    expect(events.map((e) => [e.id, e.plan, e.type === 'payment' ? e.amount : 0])).toEqual([
      ['sub_1:trial', 'pro', 0],
      ['sub_1:term-1', 'platinum', 3999],
    ]);
  });

  it('after a failed renewal, the retry is charged at the lower plan', () => {
    const changes = [
      down,
      { type: 'payment-failed', at: at('2027-11-17T00:05:00Z') },
      { type: 'payment-retried', at: at('2027-11-20T10:00:00Z') },
    ] as const;
    const term2 = subscriptionEvents('secondary', pro(changes), at('2028-01-01T00:00:00Z')).find((e) => e.id === 'sub_1:term-2');
    expect(term2).toMatchObject({ plan: 'starter', amount: 24_999, at: at('2027-11-20T10:00:00Z') });
  });

  it('a failure reported at the start of its term takes the downgrade back to waiting', () => {
    const failed = pro([down, { type: 'payment-failed', at: at('2027-12-01T00:00:00Z') }]);
    const status = subscriptionStatus('secondary', failed, at('2027-12-01T00:00:00Z'));
    expect(status.state).toBe('ended');
    expect(status.plan).toBe('pro');
    expect(status.pendingDowngrade).toMatchObject({ plan: 'starter', termIndex: 2 });
  });

  it('a cancelled subscription has no pending downgrade (no term will start)', () => {
    const cancelled = pro([down, { type: 'cancel', at: at('2027-06-01T00:00:00Z') }]);
    expect(subscriptionStatus('secondary', cancelled, at('2027-06-02T00:00:00Z')).pendingDowngrade).toBeNull();
  });

  it('refuses what cannot apply, naming the change', () => {
    const starter: SubscriptionInput = { ...pro([{ ...down, at: at('2027-01-10T00:00:00Z') }]), plan: 'starter' };
    expect(issuesOf(() => subscriptionStatus('secondary', starter, at('2027-02-01T00:00:00Z')))).toEqual([
      { path: 'subscription.changes.0.plan', message: 'no plan is below starter, the plan at that instant' },
    ]);
    const up = pro([{ type: 'downgrade', plan: 'pro', at: at('2027-01-10T00:00:00Z') }]);
    expect(issuesOf(() => subscriptionStatus('secondary', up, at('2027-02-01T00:00:00Z')))).toEqual([
      { path: 'subscription.changes.0.plan', message: 'pro is not below pro, the plan at that instant (starter, advanced are)' },
    ]);
    const cancelled = pro([{ type: 'cancel', at: at('2027-01-01T00:00:00Z') }, down]);
    expect(issuesOf(() => subscriptionStatus('secondary', cancelled, at('2027-06-01T00:00:00Z')))).toEqual([
      { path: 'subscription.changes.1.plan', message: 'a cancelled subscription cannot be downgraded: resume it first' },
    ]);
    const nothing = pro([{ type: 'cancel-downgrade', at: at('2027-01-01T00:00:00Z') }]);
    expect(issuesOf(() => subscriptionStatus('secondary', nothing, at('2027-06-01T00:00:00Z')))).toEqual([
      { path: 'subscription.changes.0.type', message: 'no downgrade is waiting to take effect' },
    ]);
    const unknown = pro([{ type: 'downgrade', plan: 'gold', at: at('2027-01-01T00:00:00Z') }]);
    expect(issuesOf(() => subscriptionStatus('secondary', unknown, at('2027-06-01T00:00:00Z')))[0]?.path).toBe(
      'subscription.changes.0.plan',
    );
  });
});
