// @vitest-environment node
// Money at the edges: the one strict pounds parser (the oddsmatcher, the finders) and plain decimals.
import { describe, expect, it } from 'vitest';
import { formatPence, poundsToPence, readDecimal } from './money';

describe('poundsToPence', () => {
  it('reads pounds as typed into whole pence, without floating-point error', () => {
    expect(poundsToPence('10')).toBe(1000);
    expect(poundsToPence('12.5')).toBe(1250);
    expect(poundsToPence(' 0.07 ')).toBe(7);
    expect(poundsToPence('1.15')).toBe(115);
    expect(poundsToPence('0')).toBe(0);
  });

  it.each(['0x10', '1e3', '10.555', '-5', '+5', '.5', '5.', '', ' ', 'ten', '1,000', 'Infinity', 'NaN', '£10'])('refuses %j', (text) => {
    expect(poundsToPence(text)).toBeNull();
  });

  it('round-trips what formatPence shows, without the pound sign', () => {
    for (const pence of [0, 7, 1250, 99_999]) expect(poundsToPence(formatPence(pence).replace('£', '').replace(/,/g, ''))).toBe(pence);
  });
});

describe('readDecimal', () => {
  it('reads plain decimals', () => {
    expect(readDecimal('2')).toBe(2);
    expect(readDecimal(' 1.25 ')).toBe(1.25);
  });

  it.each(['0x10', '1e3', '-1', '+1', '.5', '5.', '', 'Infinity', '1,5'])('refuses %j', (text) => {
    expect(readDecimal(text)).toBeNull();
  });
});
