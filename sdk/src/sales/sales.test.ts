import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { getBrand } from '../brands';
import { saleSchema, type Sale } from '../model';
import { activeSale, isSaleUsed, saleWindow, saleCountdown, salePaymentLink, salePeriod, saleYearlyPrice } from '../sales';
import { validationError, validationPaths } from '../internal/testing/validation';

// Instants and prices below are from the product spec (sections 2, 4 and 9 and issue 2).

const at = (iso: string): Date => new Date(iso);
const ms = (iso: string): number => Date.parse(iso);

const FIRST_START = '2025-08-11T09:00:00+01:00';
const FIRST_END = '2025-08-17T23:59:59+01:00';
const SECOND_START = '2025-08-18T00:00:00+01:00';
const SECOND_END = '2025-08-18T23:59:59+01:00';
const DAY_AFTER = '2025-08-19T00:00:00+01:00';
// The end of the first sale's last second: 2025-08-18 00:00 UK time, the second sale's start.
const FIRST_END_EXCLUSIVE = '2025-08-18T00:00:00+01:00';

const [first, second] = getBrand('primary').sales;
function sale(s: Sale | undefined): Sale {
  if (s === undefined) throw new Error('the primary brand has fewer than two sales');
  return s;
}
const FIRST = sale(first);
const SECOND = sale(second);

describe("the primary brand's sales (spec section 4)", () => {
  it('are two valid sales: the week from 2025-08-11 09:00 UK time, then 2025-08-18', () => {
    expect(getBrand('primary').sales).toHaveLength(2);
    for (const s of [FIRST, SECOND]) expect(v.safeParse(saleSchema, s).success).toBe(true);
    expect(ms(FIRST.startDate)).toBe(ms(FIRST_START));
    expect(ms(FIRST.endDate)).toBe(ms(FIRST_END));
    expect(ms(SECOND.startDate)).toBe(ms(SECOND_START));
    expect(ms(SECOND.endDate)).toBe(ms(SECOND_END));
  });

  it('write their instants with the UK summer-time offset', () => {
    for (const s of [FIRST, SECOND]) {
      expect(s.startDate).toMatch(/\+01:00$/);
      expect(s.endDate).toMatch(/\+01:00$/);
    }
  });

  it('fix the used-sale flag to false', () => {
    expect(FIRST.usedSale).toBe(false);
    expect(SECOND.usedSale).toBe(false);
    expect(isSaleUsed()).toBe(false);
  });

  it('show a countdown, the plan comparison, testimonials and trust reviews, with banner images', () => {
    for (const s of [FIRST, SECOND]) {
      expect(s.salePageSections).toEqual(
        expect.objectContaining({ countdown: true, plansComparison: true, trustpilot: true, testimonials: true }),
      );
      expect(s.creatives.length).toBeGreaterThan(0);
      expect(s.termsAndConditionsUrl).toMatch(/^\//);
    }
  });
});

describe('activeSale', () => {
  describe('first sale boundaries', () => {
    it('is active at 2025-08-11T09:00:00+01:00 exactly', () => {
      expect(activeSale('primary', at(FIRST_START))).toBe(FIRST);
    });

    it('is not active one millisecond before', () => {
      expect(activeSale('primary', ms(FIRST_START) - 1)).toBeUndefined();
    });

    it('is active at 2025-08-17T23:59:59+01:00 exactly', () => {
      expect(activeSale('primary', at(FIRST_END))).toBe(FIRST);
    });

    it('is still active in the last millisecond of 23:59:59 (the end of the named second)', () => {
      expect(activeSale([FIRST], ms(FIRST_END) + 1)).toBe(FIRST);
      expect(activeSale([FIRST], ms(FIRST_END) + 999)).toBe(FIRST);
      expect(activeSale('primary', ms(FIRST_END) + 999)).toBe(FIRST);
    });

    it('is over at 2025-08-18T00:00:00+01:00, when the second sale takes over', () => {
      expect(activeSale([FIRST], at(FIRST_END_EXCLUSIVE))).toBeUndefined();
      expect(activeSale('primary', at(FIRST_END_EXCLUSIVE))).toBe(SECOND);
    });

    it('leaves no instant between the two sales without a sale (the 17 August 23:59:59.001 gap is gone)', () => {
      for (const t of [ms(FIRST_END) + 1, ms(FIRST_END) + 500, ms(FIRST_END) + 999, ms(FIRST_END_EXCLUSIVE)]) {
        expect(activeSale('primary', t)).toBeDefined();
      }
    });

    it('is active in the middle of the week', () => {
      expect(activeSale('primary', at('2025-08-14T12:00:00Z'))).toBe(FIRST);
    });

    it('reads 09:00 as UK time (08:00 UTC)', () => {
      expect(activeSale('primary', at('2025-08-11T08:00:00Z'))).toBe(FIRST);
      expect(activeSale('primary', at('2025-08-11T07:59:59.999Z'))).toBeUndefined();
    });
  });

  describe('second sale: the whole of 2025-08-18 UK time', () => {
    it('is active at 2025-08-18T00:00:00+01:00', () => {
      expect(activeSale('primary', at(SECOND_START))).toBe(SECOND);
    });

    it('is active at 2025-08-18T23:59:59+01:00', () => {
      expect(activeSale('primary', at(SECOND_END))).toBe(SECOND);
    });

    it('is still active in the last millisecond of the day', () => {
      expect(activeSale('primary', ms(DAY_AFTER) - 1)).toBe(SECOND);
    });

    it('is over at 2025-08-19T00:00:00+01:00', () => {
      expect(activeSale('primary', at(DAY_AFTER))).toBeUndefined();
    });

    it('is not active one millisecond before the day starts', () => {
      expect(activeSale([SECOND], ms(SECOND_START) - 1)).toBeUndefined();
    });
  });

  it('accepts a Date or epoch milliseconds alike', () => {
    expect(activeSale('primary', ms(SECOND_START))).toBe(activeSale('primary', at(SECOND_START)));
  });

  it('accepts a list of sales or a catalogue', () => {
    expect(activeSale([SECOND, FIRST], at(FIRST_START))).toBe(FIRST);
    expect(activeSale(getBrand('primary'), at(SECOND_START))).toBe(SECOND);
    expect(activeSale([], at(FIRST_START))).toBeUndefined();
  });

  it('finds no sale on the secondary brand', () => {
    expect(getBrand('secondary').sales).toEqual([]);
    for (const iso of [FIRST_START, FIRST_END, SECOND_START, SECOND_END]) {
      expect(activeSale('secondary', at(iso))).toBeUndefined();
    }
  });

  it('finds no sale long before or after', () => {
    expect(activeSale('primary', at('2024-08-14T12:00:00Z'))).toBeUndefined();
    expect(activeSale('primary', at('2026-08-14T12:00:00Z'))).toBeUndefined();
  });

  it.each([[Number.NaN], [new Date('x')], [Number.POSITIVE_INFINITY], ['2025-08-12' as unknown as number]])(
    'rejects %s as now, naming now',
    (now) => {
      expect(validationPaths(() => activeSale('primary', now))).toEqual(['now']);
    },
  );
});

describe('saleWindow', () => {
  it('runs from the start to the end of the second the end date names', () => {
    expect(saleWindow(FIRST)).toEqual({ start: ms(FIRST_START), endExclusive: ms(FIRST_END_EXCLUSIVE) });
    expect(saleWindow(SECOND)).toEqual({ start: ms(SECOND_START), endExclusive: ms(DAY_AFTER) });
  });

  it('drops a fraction of a second in the end date (it names the second it falls in)', () => {
    expect(saleWindow({ startDate: FIRST_START, endDate: '2025-08-17T23:59:59.250+01:00' }).endExclusive).toBe(ms(FIRST_END_EXCLUSIVE));
  });
});

describe('saleCountdown', () => {
  // Counted to the end of the named second: 2025-08-11 09:00 to 2025-08-18 00:00 UK time is
  // 6 days and 15 hours.
  it('counts 6 days 15:00:00 from the start of the first sale', () => {
    expect(saleCountdown(FIRST, at(FIRST_START))).toEqual({
      days: 6,
      hours: 15,
      minutes: 0,
      seconds: 0,
      remainingMs: (6 * 24 + 15) * 3600 * 1000,
      ended: false,
    });
  });

  it('counts 1 day 1 hour 0 minutes 1 second from 2025-08-16T22:59:59+01:00', () => {
    expect(saleCountdown(FIRST, at('2025-08-16T22:59:59+01:00'))).toEqual({
      days: 1,
      hours: 1,
      minutes: 0,
      seconds: 1,
      remainingMs: (25 * 3600 + 1) * 1000,
      ended: false,
    });
  });

  it('rounds seconds down', () => {
    const c = saleCountdown(FIRST, ms(FIRST_END_EXCLUSIVE) - 1500);
    expect([c.days, c.hours, c.minutes, c.seconds, c.remainingMs]).toEqual([0, 0, 0, 1, 1500]);
  });

  it('counts a whole day from the start of the second sale', () => {
    const c = saleCountdown(SECOND, at(SECOND_START));
    expect([c.days, c.hours, c.minutes, c.seconds, c.remainingMs, c.ended]).toEqual([1, 0, 0, 0, 86_400_000, false]);
  });

  it('has one second left at the start of the last second, and one millisecond in its last millisecond', () => {
    expect(saleCountdown(FIRST, at(FIRST_END))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, remainingMs: 1000, ended: false });
    expect(saleCountdown(FIRST, ms(FIRST_END) + 999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, remainingMs: 1, ended: false });
  });

  it('is all zeros and ended from the end on', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, remainingMs: 0, ended: true };
    expect(saleCountdown(FIRST, at(FIRST_END_EXCLUSIVE))).toEqual(zero);
    expect(saleCountdown(FIRST, at('2026-01-01T00:00:00Z'))).toEqual(zero);
    expect(saleCountdown(SECOND, at(DAY_AFTER))).toEqual(zero);
  });

  it('rejects an invalid now, naming now', () => {
    expect(validationPaths(() => saleCountdown(FIRST, Number.NaN))).toEqual(['now']);
    expect(validationPaths(() => saleCountdown(FIRST, new Date('x')))).toEqual(['now']);
  });
});

describe('sale payment links and prices (spec sections 2 and 9)', () => {
  const plans = ['platinum', 'diamond', 'pro', 'pro-plus'];

  it('dates both sales to aug-2025 in UK time', () => {
    expect(salePeriod(FIRST)).toBe('aug-2025');
    expect(salePeriod(SECOND)).toBe('aug-2025');
  });

  it('reads the period in UK time, not UTC', () => {
    expect(salePeriod({ startDate: '2025-07-31T23:30:00Z' })).toBe('aug-2025');
    expect(salePeriod({ startDate: '2025-12-31T23:30:00Z' })).toBe('dec-2025');
  });

  // The link codes are the catalogue's choice, written down in the Sales guide's table: `week`
  // for the first sale, `lastday` for the second. Literal here, not read from the sales under test.
  it.each(plans)('links %s to /subscribe/sale-{plan}-aug-2025-week, then -lastday', (plan) => {
    for (const [s, code] of [
      [FIRST, 'week'],
      [SECOND, 'lastday'],
    ] as const) {
      const expected = `/subscribe/sale-${plan}-aug-2025-${code}`;
      expect(s.paymentLinkUniqParam).toBe(code);
      expect(salePaymentLink(s, plan)).toBe(expected);
      expect(s.plans.find((p) => p.plan === plan)?.paymentLink).toBe(expected);
    }
  });

  it('builds a link from any sale-like record, the sale first', () => {
    expect(salePaymentLink({ startDate: '2026-01-05T10:00:00Z', paymentLinkUniqParam: 'jan' }, 'pro')).toBe(
      '/subscribe/sale-pro-jan-2026-jan',
    );
  });

  it.each([
    ['platinum', 24_700],
    ['diamond', 29_700],
    ['pro', 59_700],
    ['pro-plus', 89_500],
  ])('sells %s for a year at %i pence in both sales', (plan, yearly) => {
    expect(saleYearlyPrice(FIRST, plan)).toBe(yearly);
    expect(saleYearlyPrice(SECOND, plan)).toBe(yearly);
  });

  it('offers exactly the four primary plans', () => {
    expect(FIRST.plans.map((p) => p.plan)).toEqual(plans);
    expect(SECOND.plans.map((p) => p.plan)).toEqual(plans);
  });

  it('has no sale price for a plan the sale does not offer', () => {
    expect(saleYearlyPrice(FIRST, 'starter')).toBeUndefined();
  });
});

describe('sale arguments (the review: old argument order, plans the sale does not offer)', () => {
  const sale = getBrand('primary').sales[0] as Sale;
  const sale1 = { path: 'sale', message: 'expected a sale (the first argument since 1.0)' };

  it('refuses the pre-1.0 order, plan first, on path `sale`', () => {
    expect(validationError(() => salePaymentLink('diamond' as never, sale as never)).issues).toEqual([sale1]);
    expect(validationError(() => saleYearlyPrice('diamond' as never, sale as never)).issues).toEqual([sale1]);
    expect(validationError(() => saleCountdown(new Date() as never, sale as never)).issues).toEqual([sale1]);
  });

  it('refuses what is not a sale: undefined, an empty object', () => {
    expect(validationError(() => salePaymentLink(undefined as never, 'diamond')).issues).toEqual([sale1]);
    expect(validationError(() => saleWindow({} as never)).issues).toEqual([sale1]);
  });

  it('refuses a plan the sale does not offer, naming the ones it does', () => {
    const issues = validationError(() => salePaymentLink(sale, 'gold')).issues;
    expect(issues.map((i) => i.path)).toEqual(['plan']);
    for (const p of sale.plans) expect(issues[0]?.message).toContain(`'${p.plan}'`);
    expect(salePaymentLink(sale, sale.plans[0]?.plan ?? '')).toMatch(/^\/subscribe\/sale-/);
  });
});
