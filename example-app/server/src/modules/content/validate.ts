// Checks the administrators' content inputs. Every bad field is listed (path and reason); the
// payload's error names the first and its message carries them all.
import type { Brand } from '@matchkit/sdk/brands';
import { pathSchema } from '@matchkit/sdk/model';
import type { GuideInput, OfferInput } from '../../generated/resolvers';
import { failure } from '../module';
import { GUIDE_SECTIONS, type GuideSection } from '@matchkit/app-contract/seed';

/** Whether the sdk's `schema` accepts `value`, through its Standard Schema interface (the app needs no schema library for it). */
function accepts(
  schema: { readonly '~standard': { validate(value: unknown): { readonly issues?: unknown } | Promise<unknown> } },
  value: unknown,
) {
  const result = schema['~standard'].validate(value);
  return !(result instanceof Promise) && (result as { readonly issues?: unknown }).issues === undefined;
}

/** Lower-case words joined by single dashes, 1 to 100 characters. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 100;

export const LIMITS = { title: 200, bookmaker: 100, summary: 500, body: 20_000, guideUrl: 300 } as const;
/** The largest reading-order position. */
export const ORDER_MAX = 10_000;

type Issue = { path: string; message: string };

function text(issues: Issue[], path: string, value: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed === '') issues.push({ path, message: 'must not be empty' });
  else if (trimmed.length > max) issues.push({ path, message: `must be at most ${max} characters (got ${trimmed.length})` });
  return trimmed;
}

function slug(issues: Issue[], value: string): string {
  if (value.length > SLUG_MAX) issues.push({ path: 'input.slug', message: `must be at most ${SLUG_MAX} characters (got ${value.length})` });
  else if (!SLUG.test(value))
    issues.push({ path: 'input.slug', message: 'must be lower-case letters and digits in words joined by single dashes (welcome-bet-10)' });
  return value;
}

function result<T>(issues: Issue[], value: T): { ok: true; value: T } | ReturnType<typeof failure> {
  if (issues.length === 0) return { ok: true, value };
  const first = issues[0] as Issue;
  return failure('BAD_INPUT', issues.map((i) => `${i.path}: ${i.message}`).join('; '), first.path);
}

/** The offer to store, or a BAD_INPUT failure naming every bad field. */
export function checkOffer(brand: Brand, input: OfferInput) {
  const issues: Issue[] = [];
  const categories = brand.offerCategories.map((c) => c.slug);
  const value = {
    slug: slug(issues, input.slug),
    title: text(issues, 'input.title', input.title, LIMITS.title),
    category: input.category,
    bookmaker: text(issues, 'input.bookmaker', input.bookmaker, LIMITS.bookmaker),
    summary: text(issues, 'input.summary', input.summary, LIMITS.summary),
    body: text(issues, 'input.body', input.body, LIMITS.body),
    expectedProfit: input.expectedProfit,
    guideUrl: input.guideUrl ?? null,
    expiresAt: input.expiresAt ?? null,
  };
  if (!categories.includes(input.category))
    issues.push({ path: 'input.category', message: `must be one of ${categories.join(', ')} (got "${input.category}")` });
  if (!Number.isSafeInteger(input.expectedProfit) || input.expectedProfit < 0) {
    issues.push({ path: 'input.expectedProfit', message: `must be a whole number of pence, 0 or more (got ${input.expectedProfit})` });
  }
  if (value.guideUrl !== null) {
    if (value.guideUrl.length > LIMITS.guideUrl)
      issues.push({ path: 'input.guideUrl', message: `must be at most ${LIMITS.guideUrl} characters` });
    else if (!accepts(pathSchema, value.guideUrl)) {
      issues.push({ path: 'input.guideUrl', message: 'must be a path on this site, starting with a single / (/guides/oddsmatching)' });
    }
  }
  return result(issues, value);
}

/** The guide to store (its url follows from section and slug), or a BAD_INPUT failure naming every bad field. */
export function checkGuide(input: GuideInput) {
  const issues: Issue[] = [];
  const value = {
    slug: slug(issues, input.slug),
    title: text(issues, 'input.title', input.title, LIMITS.title),
    section: input.section as GuideSection,
    summary: text(issues, 'input.summary', input.summary, LIMITS.summary),
    body: text(issues, 'input.body', input.body, LIMITS.body),
    order: input.order,
  };
  if (!(GUIDE_SECTIONS as readonly string[]).includes(input.section))
    issues.push({ path: 'input.section', message: `must be one of ${GUIDE_SECTIONS.join(', ')} (got "${input.section}")` });
  if (!Number.isSafeInteger(input.order) || input.order < 0 || input.order > ORDER_MAX)
    issues.push({ path: 'input.order', message: `must be a whole number from 0 to ${ORDER_MAX} (got ${input.order})` });
  return result(issues, value);
}
