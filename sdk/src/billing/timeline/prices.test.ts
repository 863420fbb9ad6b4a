import { describe, expect, it } from 'vitest';
import { isMatchkitError } from '../../errors/errors';
import { yearlySaving } from '../index';

// The figures by hand from the spec's price tables (section 9): twelve monthly payments less a year.
describe('yearlySaving', () => {
  const outsideSales = new Date('2026-01-10T12:00:00Z');

  it("is twelve of the primary brand's monthly prices less the yearly price", () => {
    expect(yearlySaving('primary', 'platinum', outsideSales)).toBe(12 * 3999 - 35_000); // £129.88
    expect(yearlySaving('primary', 'diamond', outsideSales)).toBe(12 * 4999 - 45_000); // £149.88
    expect(yearlySaving('primary', 'pro', outsideSales)).toBe(12 * 15_000 - 99_500); // £805
    expect(yearlySaving('primary', 'pro-plus', outsideSales)).toBe(12 * 16_500 - 149_900); // £480
  });

  it("uses the sale's yearly price while the sale is on", () => {
    const inFirstSale = new Date('2025-08-12T12:00:00+01:00');
    expect(yearlySaving('primary', 'diamond', inFirstSale)).toBe(12 * 4999 - 29_700);
    expect(yearlySaving('primary', 'pro-plus', inFirstSale)).toBe(12 * 16_500 - 89_500);
  });

  it("is zero where a year costs more than twelve months (the secondary brand's prices)", () => {
    expect(yearlySaving('secondary', 'starter', outsideSales)).toBe(0); // 12 x £20.83 = £249.96 < £249.99
    expect(yearlySaving('secondary', 'advanced', outsideSales)).toBe(0); // 12 x £29.16 = £349.92 < £349.99
    expect(yearlySaving('secondary', 'pro', outsideSales)).toBe(0); // 12 x £83.23 = £998.76 < £999
  });

  it('names the plan and the instant when they are invalid', () => {
    let caught: unknown;
    try {
      yearlySaving('primary', 'gold', Number.NaN);
    } catch (e) {
      caught = e;
    }
    expect(isMatchkitError(caught)).toBe(true);
    const issues = (caught as { issues: readonly { path: string; message: string }[] }).issues;
    expect(issues.map((i) => i.path)).toEqual(['plan', 'at']);
    expect(issues[0]?.message).toMatch(/platinum, diamond, pro, pro-plus/);
  });
});
