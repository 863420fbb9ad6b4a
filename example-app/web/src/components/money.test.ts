// @vitest-environment node
// Money at the edges: the app's one reader of typed pounds (every form and address that takes an
// amount) and plain decimals. The cases of the readers it replaced (the calculator's, the casino's,
// the tracker's, the advanced calculators') are kept here.
import { describe, expect, it } from 'vitest';
import { formatPence, poundsText, poundsToPence, readDecimal } from './money';

describe('poundsToPence', () => {
  it('reads pounds as typed into whole pence, without floating-point error', () => {
    expect(poundsToPence('10')).toBe(1000);
    expect(poundsToPence('12.5')).toBe(1250);
    expect(poundsToPence(' 0.07 ')).toBe(7);
    expect(poundsToPence('1.15')).toBe(115);
    expect(poundsToPence('0.29')).toBe(29); // 0.29 × 100 is 28.999999999999996 in floats
    expect(poundsToPence('0')).toBe(0);
    expect(poundsToPence('0.10')).toBe(10);
    expect(poundsToPence('.2')).toBe(20);
    expect(poundsToPence('.05')).toBe(5);
  });

  it('reads a pound sign and commas that group thousands, as a member copies an amount', () => {
    expect(poundsToPence('£10')).toBe(1000);
    expect(poundsToPence('£1,000.50')).toBe(100050);
    expect(poundsToPence('£1,000.05')).toBe(100005);
    expect(poundsToPence('1,250.99')).toBe(125099);
    expect(poundsToPence('12,345,678')).toBe(1_234_567_800);
  });

  it('reads a minus, as a hyphen or the minus sign, only where the field allows it', () => {
    expect(poundsToPence('-3.20', { signed: true })).toBe(-320);
    expect(poundsToPence('−0.64', { signed: true })).toBe(-64);
    expect(poundsToPence('-£1,000.50', { signed: true })).toBe(-100050);
    expect(poundsToPence('-.5', { signed: true })).toBe(-50);
    expect(Object.is(poundsToPence('-0', { signed: true }), 0)).toBe(true);
    for (const text of ['-5', '−5', '-£5', '-0']) expect(poundsToPence(text)).toBeNull();
  });

  it.each([
    '0x10',
    '1e3',
    '10.555',
    '1.234',
    '+5',
    '5.',
    '1.',
    '.',
    '',
    ' ',
    'ten',
    'abc',
    'Infinity',
    'NaN',
    '£',
    '£-5',
    '--5',
    '10,00',
    '1,0000',
    ',100',
    '1,000,00',
    '1 000',
    '99999999999999999',
  ])('refuses %j', (text) => {
    expect(poundsToPence(text)).toBeNull();
    expect(poundsToPence(text, { signed: true })).toBeNull();
  });

  it('reads back what formatPence shows and what poundsText writes', () => {
    for (const pence of [0, 7, 1250, 99_999, 123_456_789]) {
      expect(poundsToPence(formatPence(pence))).toBe(pence);
      expect(poundsToPence(poundsText(pence))).toBe(pence);
      if (pence > 0) expect(poundsToPence(poundsText(-pence), { signed: true })).toBe(-pence);
    }
  });
});

describe('formatPence', () => {
  // Issue 20: each-way losses showed "-£0.64" with a hyphen while the tracker, the casino and the
  // oddsmatcher wrote "−£0.76": one convention, the minus sign (U+2212), from the one formatter.
  it('shows a loss with a true minus sign, before the pound sign', () => {
    expect(formatPence(-64)).toBe('−£0.64');
    expect(formatPence(-123_456)).toBe('−£1,234.56');
    expect(formatPence(-64)).not.toContain('-');
  });

  it('shows no sign on zero, nor on an amount that rounds to zero', () => {
    expect([formatPence(0), formatPence(-0), formatPence(-0.3)]).toEqual(['£0.00', '£0.00', '£0.00']);
    expect([formatPence(3999), formatPence(100_000)]).toEqual(['£39.99', '£1,000.00']);
  });
});

describe('poundsText', () => {
  it('writes pence as pounds to the penny, exactly', () => {
    expect([0, 7, 1050, 100_000, -76, -100_050, 1e12].map(poundsText)).toEqual([
      '0.00',
      '0.07',
      '10.50',
      '1000.00',
      '-0.76',
      '-1000.50',
      '10000000000.00',
    ]);
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
