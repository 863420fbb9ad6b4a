// @vitest-environment node
import fc from 'fast-check';
import { backLay } from '@matchkit/sdk/calculators';
import { describe, expect, it } from 'vitest';
import { calculatorPath, type CalculatorLink } from '../../app/paths';
import { BET_TYPES, STRATEGIES, backLayInput, formFromLink, linkFromForm, readCalculatorLink } from './link';

/** A fraction with at most four decimals in percent (what the address writes exactly). */
const fraction = (max: number) => fc.integer({ min: 0, max }).map((k) => k / 1e6);
const text = fc.string({ minLength: 1, maxLength: 20, unit: 'binary' });

/** Any link the app builds: stakes and refunds in whole pence, odds above 1, commissions below 100%. */
const fields = {
  betType: fc.constantFrom(...BET_TYPES),
  strategy: fc.constantFrom(...STRATEGIES),
  stake: fc.integer({ min: 0, max: 1e12 }),
  backOdds: fc.double({ min: 1, max: 1e6, noNaN: true, minExcluded: true }),
  layOdds: fc.double({ min: 1, max: 1e6, noNaN: true, minExcluded: true }),
  backCommission: fraction(999_999),
  layCommission: fraction(999_999),
  refund: fc.integer({ min: 0, max: 1e12 }),
  retention: fraction(1_000_000),
  event: text,
  market: text,
  selection: text,
  bookmaker: text,
  exchange: text,
  source: text,
};
const links: fc.Arbitrary<CalculatorLink> = fc.record(fields, { requiredKeys: [] });
/** Links with every field given. */
const fullLinks = fc.record(fields);

describe('the calculator address', () => {
  it('reading the path of any link gives the link back', () => {
    fc.assert(
      fc.property(links, (link) => {
        expect(readCalculatorLink(calculatorPath(link))).toEqual(link);
      }),
      { numRuns: 500 },
    );
  });

  it('a form opened from a full link gives the link back (refund terms only for a refund bet)', () => {
    fc.assert(
      fc.property(fullLinks, (link) => {
        const { refund: _refund, retention: _retention, ...rest } = link;
        expect(linkFromForm(formFromLink(link))).toEqual(link.betType === 'refund' ? link : rest);
      }),
      { numRuns: 300 },
    );
  });

  it('reads pounds and percent into pence and fractions, and leaves out what does not read', () => {
    expect(readCalculatorLink('/calculator?type=snr&strategy=normal&stake=10.50&back=3.2&lay=3.3&bc=0&lc=2')).toEqual({
      betType: 'snr',
      strategy: 'normal',
      stake: 1050,
      backOdds: 3.2,
      layOdds: 3.3,
      backCommission: 0,
      layCommission: 0.02,
    });
    expect(readCalculatorLink('type=bet&strategy=x&stake=ten&back=&lay=1e3&lc=2%25&sel=Arsenal')).toEqual({ selection: 'Arsenal' });
  });

  it('the sdk input of a form is in pence and fractions, and its figures are the sdk’s', () => {
    const form = formFromLink({
      betType: 'refund',
      stake: 1000,
      backOdds: 3,
      layOdds: 3.2,
      layCommission: 0.02,
      refund: 1000,
      retention: 0.7,
    });
    expect(backLayInput(form)).toEqual({
      betType: 'refund',
      strategy: 'normal',
      backStake: 1000,
      backOdds: 3,
      layOdds: 3.2,
      backCommission: 0,
      layCommission: 0.02,
      refund: { amount: 1000, retention: 0.7 },
    });
    expect(backLay(backLayInput(form)).layStake).toBeCloseTo((3000 - 700) / 3.18, 9);
  });
});
