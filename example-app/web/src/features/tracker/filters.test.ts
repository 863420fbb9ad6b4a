import { describe, expect, it } from 'vitest';
import { MAX_PENCE } from '@matchkit/sdk/tracker';
import { londonMidnight, londonMonth, parseOdds, parsePercent, parsePounds, readFilters, toServerFilter, writeFilters } from './filters';

describe('tracker filters in the URL', () => {
  const sources = ['oddsmatcher', 'manual'];

  it('reads every filter and writes it back', () => {
    const params = new URLSearchParams('type=ev&source=oddsmatcher&status=open&from=2025-08-01&to=2025-08-31');
    const { filters, errors } = readFilters(params, sources);
    expect(errors).toEqual({});
    expect(filters).toEqual({ profitType: 'ev', source: 'oddsmatcher', status: 'open', from: '2025-08-01', to: '2025-08-31' });
    expect(writeFilters(filters).toString()).toBe(params.toString());
  });

  it('drops bad values and names them', () => {
    const { filters, errors } = readFilters(new URLSearchParams('type=lucky&source=golf&status=won&from=2025-02-30&to=yesterday'), sources);
    expect(filters).toEqual({ profitType: null, source: null, status: null, from: null, to: null });
    expect(Object.keys(errors).sort()).toEqual(['from', 'source', 'status', 'to', 'type']);
  });

  it('refuses a last day before the first', () => {
    const { filters, errors } = readFilters(new URLSearchParams('from=2025-08-10&to=2025-08-01'), sources);
    expect(filters.to).toBeNull();
    expect(errors.to).toMatch(/before/);
  });

  it('dates are UK days: the server gets UK midnights, the last day inclusive', () => {
    expect(londonMidnight('2025-08-01')).toBe('2025-07-31T23:00:00.000Z');
    expect(londonMidnight('2025-01-15')).toBe('2025-01-15T00:00:00.000Z');
    // The days the clocks change.
    expect(londonMidnight('2025-03-30')).toBe('2025-03-30T00:00:00.000Z');
    expect(londonMidnight('2025-10-26')).toBe('2025-10-25T23:00:00.000Z');
    const { filters } = readFilters(new URLSearchParams('from=2025-08-01&to=2025-08-31&type=guaranteed'), sources);
    expect(toServerFilter(filters)).toEqual({
      profitTypes: ['guaranteed'],
      from: '2025-07-31T23:00:00.000Z',
      to: '2025-08-31T23:00:00.000Z',
    });
    expect(londonMonth(Date.parse('2025-08-31T23:30:00Z'))).toBe('2025-09');
  });
});

describe('amounts typed by the member', () => {
  it('pounds become whole pence without float error', () => {
    expect(parsePounds('10')).toBe(1000);
    expect(parsePounds('10.5')).toBe(1050);
    expect(parsePounds('£1,250.99')).toBe(125099);
    expect(parsePounds('0.29')).toBe(29);
    expect(parsePounds('-3.20', { signed: true })).toBe(-320);
    expect(parsePounds('-3.20')).toMatch(/0 or more/);
    expect(parsePounds('0', { positive: true })).toMatch(/above 0/);
    expect(parsePounds('10.555')).toMatch(/pounds/);
    expect(parsePounds('')).toMatch(/pounds/);
  });

  it('refuses an absurd amount with the tracker’s maximum (the sdk’s MAX_PENCE), signed or not', () => {
    expect(parsePounds('90000000000000', { positive: true })).toBe('Enter an amount of at most £1,000,000,000.');
    expect(parsePounds('-90000000000000', { signed: true })).toBe('Enter an amount of at most £1,000,000,000.');
    expect(parsePounds('1000000000', { positive: true })).toBe(MAX_PENCE);
    expect(parsePounds('1000000000.01', { positive: true })).toMatch(/at most £1,000,000,000/);
  });

  it('odds and commission', () => {
    expect(parseOdds('3.25')).toBe(3.25);
    expect(parseOdds('1')).toMatch(/above 1/);
    expect(parseOdds('evens')).toMatch(/decimal/);
    expect(parsePercent('2')).toBe(0.02);
    expect(parsePercent('2.5%')).toBe(0.025);
    expect(parsePercent('100')).toMatch(/below 100/);
  });
});
