import { resolveBrand } from '../brands/brands';
import type { BrandRef } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from './code';
import { readOptions } from '../internal/keys';

/**
 * What reading a referral code gave: the code in its stored (upper-case) form, or why there is
 * none. Reading never throws for bad input: a page shows the reason instead.
 *
 * - `missing`: no code at all (no parameter, an empty one, or input that is not a string).
 * - `malformed`: something was given but it is not 4 to 16 letters and digits; `value` is what
 *   was given, trimmed.
 * - `ambiguous`: a link carries the code parameter more than once with different codes; `values`
 *   are the different values, as given.
 *
 * @example
 * ```ts
 * import { parseReferralCode, type ReferralCodeResult } from '@matchkit/sdk/referrals';
 * const result: ReferralCodeResult = parseReferralCode('ada42');
 * const message = result.ok ? `Referred by ${result.code}` : `No referral (${result.reason})`;
 * ```
 */
export type ReferralCodeResult =
  | {
      /** A code was read. */
      readonly ok: true;
      /** The code, upper case. */
      readonly code: string;
    }
  | {
      /** No code was read. */
      readonly ok: false;
      /** No code was given. */
      readonly reason: 'missing';
    }
  | {
      /** No code was read. */
      readonly ok: false;
      /** What was given is not a referral code. */
      readonly reason: 'malformed';
      /** What was given, trimmed. */
      readonly value: string;
    }
  | {
      /** No code was read. */
      readonly ok: false;
      /** The link names two or more different codes. */
      readonly reason: 'ambiguous';
      /** The different values, trimmed, in the order given. */
      readonly values: readonly string[];
    };

/**
 * A code as typed, before normalising: REFERRAL_CODE_PATTERN in either case. ASCII only and
 * checked before upper-casing, so that no Unicode case mapping (ß to SS, ſ to S) can turn other
 * characters into a code. A test checks that it agrees with REFERRAL_CODE_PATTERN.
 */
const INPUT = /^[A-Za-z0-9]{4,16}$/;

/**
 * Reads a referral code typed or pasted by a person: surrounding white space is ignored and
 * letters may be in either case; the code comes back upper case. Any input is accepted and none
 * throws.
 *
 * @param input - what the person gave (anything: a non-string counts as missing)
 * @returns the code, or `missing` / `malformed` with what was given
 *
 * @example
 * ```ts
 * import { parseReferralCode } from '@matchkit/sdk/referrals';
 * parseReferralCode(' ada42 '); // { ok: true, code: 'ADA42' }
 * parseReferralCode('');        // { ok: false, reason: 'missing' }
 * parseReferralCode('ADA-42');  // { ok: false, reason: 'malformed', value: 'ADA-42' }
 * ```
 */
export function parseReferralCode(input: unknown): ReferralCodeResult {
  if (typeof input !== 'string') return { ok: false, reason: 'missing' };
  const value = input.trim();
  if (value === '') return { ok: false, reason: 'missing' };
  if (!INPUT.test(value)) return { ok: false, reason: 'malformed', value };
  return { ok: true, code: value.toUpperCase() };
}

/** The query string of a link given as a string: after the first `?`, before any `#`. */
function queryOf(link: string): string {
  const noFragment = link.split('#', 1)[0] as string;
  const mark = noFragment.indexOf('?');
  if (mark >= 0) return noFragment.slice(mark + 1);
  // A bare query string without its `?` ("code=ADA42"); a path or URL without a query has none.
  return noFragment.includes('=') && !noFragment.includes('/') ? noFragment : '';
}

/**
 * Reads the referral code from a link to the referral landing page, as a page does with its own
 * location. The code is the value of the brand's code parameter (`code` in the reference
 * catalogue); the link's path is not checked, so a landing page served under another path (or
 * with a trailing slash) reads its code the same way. Never throws for a bad link: the result
 * says what was wrong.
 *
 * @param brand - the brand whose catalogue names the code parameter
 * @param link - a full href (`https://example.com/refer?code=ADA42`), a site-relative link
 *   (`/refer?code=ADA42`), a query string (`?code=ADA42` or `code=ADA42`), a `URL`, the page's
 *   `location` (anything with a `search` string) or a `URLSearchParams`; anything else counts as
 *   a link without a code
 * @returns the code, or `missing`, `malformed` or `ambiguous` (two different codes)
 * @throws MatchkitValidationError only when `brand` is not a brand (a programming error, not
 *   bad input)
 *
 * @example
 * ```ts
 * import { parseReferralLink } from '@matchkit/sdk/referrals';
 * parseReferralLink('primary', 'https://example.com/refer?code=ada42'); // { ok: true, code: 'ADA42' }
 * parseReferralLink('primary', new URLSearchParams('code=')); // { ok: false, reason: 'missing' }
 * parseReferralLink('primary', '/refer?code=AB'); // { ok: false, reason: 'malformed', value: 'AB' }
 * ```
 */
export function parseReferralLink(brand: BrandRef, link: unknown): ReferralCodeResult {
  const param = resolveBrand(brand).referral.codeParam;
  let params: URLSearchParams;
  if (link instanceof URLSearchParams) params = link;
  else if (typeof link === 'string') params = new URLSearchParams(queryOf(link));
  else if (typeof link === 'object' && link !== null && typeof (link as { search?: unknown }).search === 'string') {
    // A URL (from this realm or another) or a page's `location`.
    params = new URLSearchParams((link as { search: string }).search);
  } else return { ok: false, reason: 'missing' };
  const values = [
    ...new Set(
      params
        .getAll(param)
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
  const codes = new Set(values.map((v) => v.toUpperCase()));
  if (codes.size > 1) return { ok: false, reason: 'ambiguous', values };
  return parseReferralCode(values[0]);
}

/**
 * Options of {@link referralLink}.
 *
 * @example
 * ```ts
 * import type { ReferralLinkOptions } from '@matchkit/sdk/referrals';
 * const options: ReferralLinkOptions = { origin: 'https://example.com' };
 * ```
 */
export interface ReferralLinkOptions {
  /**
   * The site's origin (`https://example.com`): scheme, host and port only. Without it the link is
   * site-relative (`/refer?code=ADA42`).
   *
   * @defaultValue none: the link is site-relative
   */
  readonly origin?: string;
}

/** The origin of `value`, recording an issue when it is not an http(s) origin without path, query or fragment. */
function originOf(value: unknown, issues: ValidationIssue[]): string | undefined {
  const message = 'must be an http or https origin such as https://example.com (no path, query or fragment)';
  if (typeof value !== 'string') {
    issues.push({ path: 'options.origin', message });
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    issues.push({ path: 'options.origin', message });
    return undefined;
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || /[?#]$/.test(value)) {
    issues.push({ path: 'options.origin', message });
    return undefined;
  }
  return url.origin;
}

/**
 * The link a member shares: the brand's referral landing page with the code in the brand's code
 * parameter (`/refer?code=ADA42` in the reference catalogue), absolute when an origin is given.
 * The code is normalised first (trimmed, upper case), so the link always parses back to it.
 *
 * @param brand - the brand whose catalogue gives the landing path and the code parameter
 * @param code - the member's referral code (any case)
 * @param options - the origin, for an absolute link
 * @returns the link: site-relative, or absolute with the origin
 * @throws MatchkitValidationError naming `code` when it is not a referral code, `options.origin` when
 *   it is not an http(s) origin, `options` when the options are not an object, and each unknown option
 *
 * @example
 * ```ts
 * import { referralLink } from '@matchkit/sdk/referrals';
 * referralLink('primary', 'ada42'); // '/refer?code=ADA42'
 * referralLink('primary', 'ADA42', { origin: 'https://example.com' }); // 'https://example.com/refer?code=ADA42'
 * ```
 */
export function referralLink(brand: BrandRef, code: string, options: ReferralLinkOptions = {}): string {
  const { landingPath, codeParam } = resolveBrand(brand).referral;
  const issues: ValidationIssue[] = [];
  const parsed = parseReferralCode(code);
  if (!parsed.ok) {
    issues.push({
      path: 'code',
      message:
        `must be ${REFERRAL_CODE_LENGTH.min} to ${REFERRAL_CODE_LENGTH.max} letters A-Z and digits 0-9` +
        (parsed.reason === 'missing' ? ' (none given)' : ''),
    });
  }
  const given = readOptions(options, ['origin'], issues)['origin'];
  const origin = given === undefined ? undefined : originOf(given, issues);
  if (issues.length > 0 || !parsed.ok) throw new MatchkitValidationError('referral link', issues);
  const url = new URL(landingPath, origin ?? 'http://relative.invalid');
  url.searchParams.set(codeParam, parsed.code);
  return origin === undefined ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * Options of {@link generateReferralCode}.
 *
 * @example
 * ```ts
 * import type { GenerateReferralCodeOptions } from '@matchkit/sdk/referrals';
 * const options: GenerateReferralCodeOptions = { length: 10 };
 * ```
 */
export interface GenerateReferralCodeOptions {
  /**
   * How many characters, from 4 to 16.
   *
   * @defaultValue 8 (`REFERRAL_CODE_LENGTH.generated`): 31^8, about 8.5 × 10^11 codes
   */
  readonly length?: number;
}

/**
 * A new referral code: `length` characters drawn uniformly from {@link REFERRAL_CODE_ALPHABET}
 * (no 0, O, 1, I or L), one draw of `random` per character. The random source is yours: pass
 * `crypto.getRandomValues`-backed draws on a server, a seeded generator in tests. Checking that
 * the code is not already taken is the caller's job (draw again if it is).
 *
 * @param random - returns a number in [0, 1) each call, such as `Math.random` or a seeded
 *   generator's `nextFloat`
 * @param options - the length
 * @returns the code, upper case, matching `REFERRAL_CODE_PATTERN`
 * @throws MatchkitValidationError naming `options.length` (or an unknown option) when it is not a whole number from 4 to 16, or
 *   `random` when a draw is not a number in [0, 1)
 *
 * @example
 * ```ts
 * import { generateReferralCode } from '@matchkit/sdk/referrals';
 * generateReferralCode(() => 0); // '22222222'
 * generateReferralCode(Math.random, { length: 6 }); // for example 'K7QX3M'
 * ```
 */
export function generateReferralCode(random: () => number, options: GenerateReferralCodeOptions = {}): string {
  const issues: ValidationIssue[] = [];
  const length: unknown = readOptions(options, ['length'], issues)['length'] ?? REFERRAL_CODE_LENGTH.generated;
  if (typeof length !== 'number' || !Number.isInteger(length) || length < REFERRAL_CODE_LENGTH.min || length > REFERRAL_CODE_LENGTH.max) {
    issues.push({
      path: 'options.length',
      message: `must be a whole number from ${REFERRAL_CODE_LENGTH.min} to ${REFERRAL_CODE_LENGTH.max}`,
    });
  }
  if (typeof random !== 'function') issues.push({ path: 'random', message: 'must be a function returning a number in [0, 1)' });
  if (issues.length > 0) throw new MatchkitValidationError('referral code options', issues);
  let code = '';
  for (let i = 0; i < (length as number); i += 1) {
    const draw = random();
    if (!(typeof draw === 'number' && draw >= 0 && draw < 1)) {
      throw new MatchkitValidationError('referral code options', [
        { path: 'random', message: `must return a number in [0, 1), returned ${String(draw)}` },
      ]);
    }
    code += REFERRAL_CODE_ALPHABET[Math.floor(draw * REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}
