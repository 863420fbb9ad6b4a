// Cursor pagination for connection fields (`first`, `after` → `nodes`, `pageInfo`). A cursor is
// the sort key of the last node of a page, as base64url JSON: opaque to clients, checked when it
// comes back. A bad `first` or `after` is a BAD_INPUT refusal naming the argument.
import { refusal } from './module';

/** One part of a sort key. */
export type CursorPart = string | number;

/** The `first` argument: a whole number in [1, max]; `fallback` when absent. */
export function readFirst(first: number | null | undefined, max: number, fallback: number): number {
  if (first === null || first === undefined) return fallback;
  if (!Number.isSafeInteger(first) || first < 1 || first > max)
    throw refusal('BAD_INPUT', `first must be a whole number from 1 to ${max}, got ${first}`, 'first');
  return first;
}

/** The cursor of a sort key. */
export function encodeCursor(key: readonly CursorPart[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * What a cursor's part may be: `string`; `number`, a safe whole number; `int`, a whole number that
 * fits a PostgreSQL integer (a position, an order, a rank); `ms`, an instant in epoch milliseconds
 * that a Date can hold.
 */
export type CursorPartType = 'string' | 'number' | 'int' | 'ms';

const INT_MAX = 2_147_483_647;
/** The largest epoch milliseconds a Date holds (ECMAScript's ±100,000,000 days). */
const MS_MAX = 8_640_000_000_000_000;

function partFits(type: CursorPartType, v: unknown): boolean {
  if (type === 'string') return typeof v === 'string';
  if (!Number.isSafeInteger(v)) return false;
  const n = v as number;
  return type === 'int' ? n >= -INT_MAX - 1 && n <= INT_MAX : type === 'ms' ? Math.abs(n) <= MS_MAX : true;
}

/**
 * The sort key of an `after` cursor, whose parts have the types `shape` lists (CursorPartType);
 * null when absent. Anything else is BAD_INPUT on `after`, never a database error.
 */
export function decodeCursor<const S extends readonly CursorPartType[]>(
  after: string | null | undefined,
  shape: S,
): { [K in keyof S]: S[K] extends 'string' ? string : number } | null {
  if (after === null || after === undefined) return null;
  const bad = () => refusal('BAD_INPUT', 'after is not a cursor of this list (use pageInfo.endCursor)', 'after');
  if (after.length > 512 || !/^[A-Za-z0-9_-]+$/.test(after)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length) throw bad();
  shape.forEach((type, i) => {
    if (!partFits(type, parsed[i])) throw bad();
  });
  return parsed as never;
}

/** A connection page from up to `first + 1` rows fetched in order: the extra row only says there is a next page. */
export function connection<T>(rows: readonly T[], first: number, keyOf: (row: T) => readonly CursorPart[]) {
  const nodes = rows.slice(0, first);
  const last = nodes[nodes.length - 1];
  return {
    nodes,
    pageInfo: { endCursor: last === undefined ? null : encodeCursor(keyOf(last)), hasNextPage: rows.length > first },
  };
}
