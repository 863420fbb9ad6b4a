import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { defineBrand, getBrand } from '../brands';
import { userSchema } from '../model';
import { createPrng } from '../casino';
import { validationError, validationPaths } from '../internal/testing/validation';
import {
  generateReferralCode,
  parseReferralCode,
  parseReferralLink,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_CODE_PATTERN,
  referralLink,
} from './index';

describe('the referral code format', () => {
  it('is 4 to 16 upper-case letters and digits, and the length constants say the same', () => {
    const { min, max } = REFERRAL_CODE_LENGTH;
    expect(REFERRAL_CODE_PATTERN.test('A'.repeat(min))).toBe(true);
    expect(REFERRAL_CODE_PATTERN.test('9'.repeat(max))).toBe(true);
    expect(REFERRAL_CODE_PATTERN.test('A'.repeat(min - 1))).toBe(false);
    expect(REFERRAL_CODE_PATTERN.test('9'.repeat(max + 1))).toBe(false);
    for (const bad of ['ada42', 'ADA-42', 'ADA 42', 'ÄDA42', 'ADA42\n']) expect(REFERRAL_CODE_PATTERN.test(bad), bad).toBe(false);
  });

  it('the generator alphabet has no look-alikes and only pattern characters', () => {
    expect(REFERRAL_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(REFERRAL_CODE_ALPHABET).size).toBe(31);
    for (const lookAlike of '0O1IL') expect(REFERRAL_CODE_ALPHABET).not.toContain(lookAlike);
    expect(REFERRAL_CODE_PATTERN.test(REFERRAL_CODE_ALPHABET.slice(0, 16))).toBe(true);
  });

  it('is the rule of the user model: the same codes pass and fail', () => {
    const user = (referralCode: string) => ({
      uid: { global: 'g1', wordpress: null },
      firstName: 'Ada',
      lastName: 'Lay',
      username: 'ada',
      email: 'ada@example.com',
      capabilities: [],
      additionalCapabilities: [],
      subscription: null,
      billing: null,
      referAFriend: { referralCode },
      integrations: {},
    });
    for (const code of ['ADA42', 'ada42', 'AB', 'ABCDEFGHIJKLMNOPQ', 'ADA-42', '2345ABCD']) {
      expect(v.safeParse(userSchema, user(code)).success, code).toBe(REFERRAL_CODE_PATTERN.test(code));
    }
    const result = v.safeParse(userSchema, user('ada-42'));
    expect(result.success ? [] : result.issues.map((i) => (i.path ?? []).map((p) => String(p.key)).join('.'))).toEqual([
      'referAFriend.referralCode',
    ]);
  });
});

describe('parseReferralCode', () => {
  it('trims, accepts either case and returns upper case', () => {
    expect(parseReferralCode('ada42')).toEqual({ ok: true, code: 'ADA42' });
    expect(parseReferralCode('  AdA42\t')).toEqual({ ok: true, code: 'ADA42' });
    expect(parseReferralCode('abcdefghijklmnop')).toEqual({ ok: true, code: 'ABCDEFGHIJKLMNOP' });
  });

  it('says missing for nothing, blank or a non-string, and never throws', () => {
    for (const input of [undefined, null, '', '   ', 42, {}, ['ADA42']]) {
      expect(parseReferralCode(input)).toEqual({ ok: false, reason: 'missing' });
    }
  });

  it('says malformed, with the trimmed value, for the wrong length or characters', () => {
    expect(parseReferralCode('ABC')).toEqual({ ok: false, reason: 'malformed', value: 'ABC' });
    expect(parseReferralCode(' ABCDEFGHIJKLMNOPQ ')).toEqual({ ok: false, reason: 'malformed', value: 'ABCDEFGHIJKLMNOPQ' });
    expect(parseReferralCode('ADA-42')).toEqual({ ok: false, reason: 'malformed', value: 'ADA-42' });
  });

  it('does not let Unicode case mapping make a code (ß upper-cases to SS, ſ to S)', () => {
    expect(parseReferralCode('straße')).toMatchObject({ ok: false, reason: 'malformed' });
    expect(parseReferralCode('ſſſſ')).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe('referralLink', () => {
  it("builds the brand's landing path with the code parameter, normalising the code", () => {
    expect(referralLink('primary', 'ada42')).toBe('/refer?code=ADA42');
    expect(referralLink('secondary', ' ADA42 ')).toBe('/refer?code=ADA42');
  });

  it('is absolute against an origin, with or without a trailing slash', () => {
    expect(referralLink('primary', 'ADA42', { origin: 'https://example.com' })).toBe('https://example.com/refer?code=ADA42');
    expect(referralLink('primary', 'ADA42', { origin: 'https://Example.com:443/' })).toBe('https://example.com/refer?code=ADA42');
    expect(referralLink('primary', 'ADA42', { origin: 'http://localhost:5173' })).toBe('http://localhost:5173/refer?code=ADA42');
  });

  it("reads the landing path and the parameter name from the brand's catalogue", () => {
    const brand = defineBrand({ ...getBrand('primary'), referral: { landingPath: '/join/friend', codeParam: 'ref code' } });
    expect(referralLink(brand, 'ada42', { origin: 'https://example.com' })).toBe('https://example.com/join/friend?ref+code=ADA42');
    expect(parseReferralLink(brand, 'https://example.com/join/friend?ref+code=ADA42')).toEqual({ ok: true, code: 'ADA42' });
    expect(parseReferralLink(brand, 'https://example.com/join/friend?code=ADA42')).toEqual({ ok: false, reason: 'missing' });
  });

  it('names the code and the origin when both are bad', () => {
    const error = validationError(() => referralLink('primary', 'ADA-42', { origin: 'example.com' }));
    expect(error.issues.map((i) => i.path)).toEqual(['code', 'options.origin']);
    expect(error.issues[0]?.message).toBe('must be 4 to 16 letters A-Z and digits 0-9');
  });

  it.each([
    'ftp://example.com',
    'https://example.com/app',
    'https://example.com?x=1',
    'https://example.com#top',
    'https://u:p@example.com',
    '/refer',
  ])('refuses %s as an origin', (origin) => {
    expect(validationPaths(() => referralLink('primary', 'ADA42', { origin }))).toEqual(['options.origin']);
  });

  it('treats null options as none rather than crashing', () => {
    expect(referralLink('primary', 'ADA42', null as never)).toBe('/refer?code=ADA42');
    expect(generateReferralCode(() => 0, null as never)).toBe('22222222');
  });

  it('refuses a missing code', () => {
    expect(validationError(() => referralLink('primary', '')).issues).toEqual([
      { path: 'code', message: 'must be 4 to 16 letters A-Z and digits 0-9 (none given)' },
    ]);
  });
});

describe('parseReferralLink', () => {
  it('reads a full href, a site-relative link, a query string with or without ?, a URL and URLSearchParams', () => {
    const inputs = [
      'https://example.com/refer?code=ada42',
      'https://example.com/refer?utm_source=mail&code=ADA42#signup',
      '/refer?code=ADA42',
      '?code=ADA42',
      'code=ADA42',
      new URL('https://example.com/refer?code=Ada42'),
      new URLSearchParams({ code: 'ADA42' }),
      { href: 'https://example.com/refer?code=ada42', search: '?code=ada42', pathname: '/refer' }, // a page's location
    ];
    for (const input of inputs) expect(parseReferralLink('primary', input), String(input)).toEqual({ ok: true, code: 'ADA42' });
  });

  it('decodes the parameter: percent-encoding and + for a space (then trimmed)', () => {
    expect(parseReferralLink('primary', '/refer?code=%41DA42+')).toEqual({ ok: true, code: 'ADA42' });
  });

  it('says missing when there is no code parameter, or only empty ones, or no link', () => {
    for (const input of [
      'https://example.com/refer',
      '/refer?code=',
      '/refer?code=&x=1',
      '/refer#code=ADA42',
      'ADA42',
      '',
      null,
      undefined,
      7,
      {},
      { search: 7 },
    ]) {
      expect(parseReferralLink('primary', input), String(input)).toEqual({ ok: false, reason: 'missing' });
    }
  });

  it('says malformed with the value given', () => {
    expect(parseReferralLink('primary', '/refer?code=%3Cscript%3E')).toEqual({ ok: false, reason: 'malformed', value: '<script>' });
  });

  it('reads a repeated parameter when it names one code (in any case), and says ambiguous when it names two', () => {
    expect(parseReferralLink('primary', '/refer?code=ada42&code=ADA42&code=')).toEqual({ ok: true, code: 'ADA42' });
    expect(parseReferralLink('primary', '/refer?code=ADA42&code=BOB77')).toEqual({
      ok: false,
      reason: 'ambiguous',
      values: ['ADA42', 'BOB77'],
    });
  });

  it('does not throw on a malformed percent-encoding', () => {
    expect(parseReferralLink('primary', '/refer?code=%E0%A4%A')).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe('generateReferralCode', () => {
  it('draws one character per call of random, uniformly over the alphabet', () => {
    const draws = [0, 0.999999, 1 / 31, 30 / 31, 0.5, 0.25, 0.75, 2 / 31];
    let n = 0;
    const code = generateReferralCode(() => draws[n++] as number);
    expect(n).toBe(8);
    // index floor(u × 31): 0, 30, 1, 30, 15, 7, 23, 2
    expect(code).toBe('2Z3ZH9S4'); // the alphabet's 0th, 30th, 1st, 30th, 15th, 7th, 23rd and 2nd
  });

  it('takes a length from 4 to 16', () => {
    expect(generateReferralCode(() => 0, { length: 4 })).toBe('2222');
    expect(generateReferralCode(() => 0.99, { length: 16 })).toBe('Z'.repeat(16));
  });

  it('works with a seeded generator, the same code for the same seed', () => {
    const a = createPrng(7);
    const b = createPrng(7);
    const code = generateReferralCode(() => a.nextFloat());
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    expect(generateReferralCode(() => b.nextFloat())).toBe(code);
  });

  it('refuses a bad length and a bad random source, naming each', () => {
    expect(validationPaths(() => generateReferralCode(() => 0, { length: 3 }))).toEqual(['options.length']);
    expect(validationPaths(() => generateReferralCode(() => 0, { length: 8.5 }))).toEqual(['options.length']);
    expect(validationPaths(() => generateReferralCode(null as unknown as () => number, { length: 17 }))).toEqual([
      'options.length',
      'random',
    ]);
    for (const draw of [1, -0.1, Number.NaN]) {
      expect(validationError(() => generateReferralCode(() => draw)).issues).toEqual([
        { path: 'random', message: `must return a number in [0, 1), returned ${String(draw)}` },
      ]);
    }
  });
});

describe('link and code options that refuse what they do not know', () => {
  it('refuses a misspelled origin rather than building a relative link', () => {
    expect(validationError(() => referralLink('primary', 'ADA42', { orign: 'https://example.com' } as never)).issues).toEqual([
      { path: 'options.orign', message: 'is not an option; did you mean origin?' },
    ]);
  });

  it('refuses an origin passed where the options go (a string) at `options`', () => {
    expect(validationError(() => referralLink('primary', 'ADA42', 'https://example.com' as never)).issues).toEqual([
      { path: 'options', message: 'expected an options object, received string' },
    ]);
  });

  it('refuses unknown generateReferralCode options', () => {
    expect(validationError(() => generateReferralCode(() => 0, { size: 6 } as never)).issues).toEqual([
      { path: 'options.size', message: 'is not an option' },
    ]);
  });
});
