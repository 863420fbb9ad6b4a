// Hand-written readers of plain objects, left for the tracker's inputs (sdk/src/tracker) until they
// are described by schemas too. The calculators no longer use them: each calculator input is one
// valibot schema (./schema.ts). The number rule and its messages are the schemas' own.
import type { ValidationIssue } from '../errors/errors';
import { isRecord } from '../internal/guards';
import { ruleMessage, type Rule } from './schema';

export { MAX_MONEY, MAX_ODDS } from './schema';
export type { Rule } from './schema';

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
  /** The keys read so far: the object's known fields. */
  readonly s?: string[];
  /** Every object opened while reading a strict input, shared by all its positions. */
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
 * With `o`, the object joins that list.
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

/** Reads a field, marking it as known. */
export function get(c: Ctx, key: string): unknown {
  c.s?.push(key);
  return c.v[key];
}

/** Checks one number against a rule; returns it, or NaN after recording the problem. */
export function check(c: Ctx, key: string | number, x: unknown, rule: Rule): number {
  const m =
    typeof x !== 'number'
      ? `expected a number, received ${kind(x)}`
      : Number.isNaN(x)
        ? 'expected a number, received NaN'
        : ruleMessage(x, rule);
  if (m === '') return x as number;
  fail(c, key, m);
  return NaN;
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
