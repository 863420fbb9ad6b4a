// The calculators' own input checker. zod/mini costs about 3 KB gzipped for one number schema, more
// than a whole calculator may weigh, so the calculators validate with this instead: a few small
// functions that read one field each, record every problem with its dotted path, and throw one
// MatchkitValidationError at the end. `./schemas` holds zod/mini schemas that accept exactly the
// same inputs (a property test checks the two agree), for consumers who want schemas.
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { isRecord } from '../internal/guards';
import { unknownKeys } from '../internal/keys';

/**
 * The largest decimal odds any calculator accepts (a 999,999/1 shot): bigger prices are rejected,
 * which keeps every result finite.
 *
 * @example
 * ```ts
 * import { MAX_ODDS } from '@matchkit/sdk/calculators';
 * MAX_ODDS; // 1000000
 * ```
 */
export const MAX_ODDS = 1e6;
/**
 * The largest stake or amount of money any calculator accepts (in whatever unit the caller uses,
 * pounds or pence): bigger amounts are rejected, which keeps every result finite.
 *
 * @example
 * ```ts
 * import { MAX_MONEY } from '@matchkit/sdk/calculators';
 * MAX_MONEY; // 1000000000
 * ```
 */
export const MAX_MONEY = 1e9;

/**
 * A number rule: [min, max, flags, label]. Flag 1: min is exclusive; flag 2: max is exclusive. A
 * label marks a fraction that people often type as a percentage: a value from max up to 100 gets
 * the message "<label> 2 is not a fraction: did you mean 0.02?".
 */
export type Rule = readonly [min: number, max: number, flags: number, label?: string];

/** Decimal odds: greater than 1, at most {@link MAX_ODDS}. */
export const ODDS: Rule = [1, MAX_ODDS, 1];
/** Money (stakes, amounts): from 0 to {@link MAX_MONEY}. */
export const MONEY: Rule = [0, MAX_MONEY, 0];
/** Exchange or bookmaker commission: a fraction in [0, 1). */
export const COMMISSION: Rule = [0, 1, 2, 'commission'];
/** A share or probability in [0, 1]. */
export const UNIT: Rule = [0, 1, 0];

/**
 * A reading position: the object being read, its dotted path and the shared list of issues. A
 * dead position (`d`) stands for something already reported as missing or not an object: its
 * fields' problems are not news and are not recorded.
 */
export interface Ctx {
  readonly v: Record<string, unknown>;
  readonly p: string;
  readonly i: ValidationIssue[];
  readonly d?: boolean;
  /** The keys read so far: the object's known fields (any other key is refused by `done`). */
  readonly s?: string[];
  /** Every object opened while reading a strict input (see {@link root}), shared by all its positions. */
  readonly o?: Ctx[] | undefined;
}

const join = (p: string, key: string | number): string => (p === '' ? String(key) : `${p}.${key}`);

/** Records one problem. */
export function fail(c: Ctx, key: string | number | null, message: string): void {
  if (!c.d) c.i.push({ path: key === null ? c.p : join(c.p, key), message });
}

function kind(x: unknown): string {
  return x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x;
}

/**
 * Starts reading `input` as an object; if it is not one, records that and returns a dead position.
 * With `o` (the list of objects read so far, see {@link root}), the object joins it and `done`
 * refuses its keys that no reader asked for.
 */
export function open(input: unknown, p = '', i: ValidationIssue[] = [], o?: Ctx[]): Ctx {
  if (!isRecord(input)) {
    i.push({ path: p, message: `expected an object, received ${kind(input)}` });
    return { v: {}, p, i, d: true };
  }
  const c: Ctx = { v: input, p, i, s: [], o };
  o?.push(c);
  return c;
}

/** Starts reading a whole input that refuses unknown keys (at every depth read with `sub`). */
export const root = (input: unknown): Ctx => open(input, '', [], []);

/** Reads a field, marking it as known (so `done` does not refuse it). */
export function get(c: Ctx, key: string): unknown {
  c.s?.push(key);
  return c.v[key];
}

/** Reads a required nested object. */
export function sub(c: Ctx, key: string): Ctx {
  const x = get(c, key);
  if (x === undefined) {
    fail(c, key, 'is required');
    return { v: {}, p: join(c.p, key), i: c.i, d: true };
  }
  return open(x, join(c.p, key), c.i, c.o);
}

/** Checks one number against a rule; returns it, or NaN after recording the problem. */
export function check(c: Ctx, key: string | number, x: unknown, [min, max, flags, label]: Rule): number {
  let m = '';
  if (typeof x !== 'number') m = `expected a number, received ${kind(x)}`;
  else if (Number.isNaN(x)) m = 'expected a number, received NaN';
  else if (!Number.isFinite(x)) m = 'must be a finite number';
  else if (flags & 1 ? x <= min : x < min) m = `must be ${flags & 1 ? 'greater than' : 'at least'} ${min}`;
  else if (flags & 2 ? x >= max : x > max)
    m =
      label !== undefined && x < 100
        ? `${label} ${x} is not a fraction: did you mean ${+(x / 100).toPrecision(12)}?`
        : `must be ${flags & 2 ? 'less than' : 'at most'} ${max}`;
  if (m === '') return x as number;
  fail(c, key, m);
  return NaN;
}

/** Reads a number field; `fallback` (when given) is used when the field is absent. */
export function num(c: Ctx, key: string, rule: Rule, fallback?: number): number {
  const x = get(c, key);
  if (x === undefined) {
    if (fallback !== undefined) return fallback;
    fail(c, key, 'is required');
    return NaN;
  }
  return check(c, key, x, rule);
}

/** Reads an optional number field: undefined when absent. */
export function opt(c: Ctx, key: string, rule: Rule): number | undefined {
  const x = get(c, key);
  return x === undefined ? undefined : check(c, key, x, rule);
}

/** Reads one of a list of strings; `fallback` (when given) is used when the field is absent. */
export function pick<T extends string>(c: Ctx, key: string, options: readonly T[], fallback?: T): T {
  const x = get(c, key);
  if (x === undefined && fallback !== undefined) return fallback;
  if (options.includes(x as T)) return x as T;
  fail(
    c,
    key,
    x === undefined
      ? 'is required'
      : x === 'cash' && options.includes('qualifying' as T)
        ? "'cash' was renamed 'qualifying' in 1.0"
        : `must be one of ${options.map((o) => `'${o}'`).join(', ')}`,
  );
  return options[0] as T;
}

/** Reads an array of `min` to `max` items; returns [] after recording a problem. */
export function list(c: Ctx, key: string, min: number, max: number): readonly unknown[] {
  const x = get(c, key);
  let m = '';
  if (!Array.isArray(x)) m = x === undefined ? 'is required' : `expected an array, received ${kind(x)}`;
  else if (x.length < min) m = `must have at least ${min} item${min === 1 ? '' : 's'}`;
  else if (x.length > max) m = `must have at most ${max} items`;
  if (m === '') return x as unknown[];
  fail(c, key, m);
  return [];
}

/** Reads an array of numbers, each checked against `rule` (paths `key.0`, `key.1`, ...). */
export function nums(c: Ctx, key: string, min: number, max: number, rule: Rule): number[] {
  const at: Ctx = { v: {}, p: join(c.p, key), i: c.i, d: c.d === true };
  return list(c, key, min, max).map((x, n) => check(at, n, x, rule));
}

/**
 * Refuses every key that no reader asked for (naming the 1.0 name of an old one), then throws one
 * MatchkitValidationError listing every recorded problem, if there is any.
 */
export function done(c: Ctx, subject: string): void {
  for (const x of c.o ?? [])
    unknownKeys(x.v, x.s ?? [], x.p, c.i, `a field of ${subject}`, {
      stake: ['backStake'],
      stakePerPart: ['backStake'],
      odds: ['backOdds'],
      commission: ['layCommission', 'backCommission'],
    });
  if (c.i.length > 0) throw new MatchkitValidationError(subject, c.i);
}
