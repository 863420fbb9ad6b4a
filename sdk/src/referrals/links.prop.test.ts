import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineBrand, getBrand } from '../brands';
import {
  generateReferralCode,
  parseReferralCode,
  parseReferralLink,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_PATTERN,
  referralLink,
} from './index';

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.split('');
/** Codes as people type them: 4 to 16 letters (either case) and digits. */
const typedCode = fc.array(fc.constantFrom(...CHARS), { minLength: 4, maxLength: 16 }).map((cs) => cs.join(''));
const origin = fc
  .tuple(fc.constantFrom('http', 'https'), fc.domain(), fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }))
  .map(([scheme, host, port]) => `${scheme}://${host}${port === undefined ? '' : `:${port}`}`);
/** Strings made of the pieces of links, so that many have a query, parameters and codes. */
const linkish = fc
  .array(
    fc.constantFrom(
      'https://x.example',
      '/refer',
      '?',
      '&',
      '=',
      '#',
      '/',
      'code',
      'ref',
      'ADA42',
      'ab',
      '%',
      '%4',
      '%41',
      '+',
      ' ',
      'é',
      'ß',
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(''));
/** The reference brands and catalogues with other landing paths and parameter names (encoded as needed). */
const brand = fc.constantFrom(
  'primary' as const,
  'secondary' as const,
  ...[
    ['/join', 'ref'],
    ['/a/b-c/friend', 'ref code'],
    ['/refer', 'c&d=e'],
    ['/invite', 'código'],
  ].map(([landingPath, codeParam]) => defineBrand({ ...getBrand('primary'), referral: { landingPath, codeParam } })),
);

describe('referral link laws', () => {
  it('build then parse returns the code, upper case, from the link, its URL or its query', () => {
    fc.assert(
      fc.property(brand, typedCode, fc.option(origin, { nil: undefined }), (b, code, o) => {
        const link = referralLink(b, code, o === undefined ? {} : { origin: o });
        const expected = { ok: true, code: code.toUpperCase() };
        expect(parseReferralLink(b, link)).toEqual(expected);
        expect(parseReferralLink(b, new URL(link, 'https://elsewhere.example'))).toEqual(expected);
        expect(parseReferralLink(b, new URL(link, 'https://elsewhere.example').searchParams)).toEqual(expected);
        if (o !== undefined) expect(link.startsWith(`${new URL(o).origin}/`)).toBe(true);
      }),
    );
  });

  it('parsing any string never throws, and succeeds only with a code of the pattern', () => {
    fc.assert(
      fc.property(brand, fc.oneof(fc.string(), linkish), (b, s) => {
        for (const result of [parseReferralCode(s), parseReferralLink(b, s), parseReferralLink(b, `/refer?code=${s}`)]) {
          if (result.ok) expect(result.code).toMatch(REFERRAL_CODE_PATTERN);
          else expect(['missing', 'malformed', 'ambiguous']).toContain(result.reason);
        }
      }),
    );
  });

  it('a code parses to itself upper-cased exactly when it is the pattern in either case', () => {
    fc.assert(
      fc.property(fc.oneof(typedCode, fc.string({ maxLength: 20 })), (s) => {
        const result = parseReferralCode(s);
        const trimmed = s.trim();
        if (REFERRAL_CODE_PATTERN.test(trimmed.toUpperCase()) && /^[\x21-\x7e]*$/.test(trimmed)) {
          expect(result).toEqual({ ok: true, code: trimmed.toUpperCase() });
        } else {
          expect(result.ok).toBe(false);
        }
      }),
    );
  });

  it('a generated code has the length asked for, only alphabet characters, and parses to itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 16 }),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 16, maxLength: 16 }),
        (length, draws) => {
          let n = 0;
          const code = generateReferralCode(() => draws[n++] as number, { length });
          expect(n).toBe(length);
          expect(code).toHaveLength(length);
          for (const ch of code) expect(REFERRAL_CODE_ALPHABET).toContain(ch);
          // Each character is the alphabet's entry at floor(draw × 31): a draw picks one character.
          expect([...code].map((ch) => REFERRAL_CODE_ALPHABET.indexOf(ch))).toEqual(draws.slice(0, length).map((d) => Math.floor(d * 31)));
          expect(parseReferralCode(code)).toEqual({ ok: true, code });
        },
      ),
    );
  });
});
