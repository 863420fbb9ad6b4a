// Refusing keys an input does not know. Internal: not exported from any package entry point.
//
// Use: after reading an object's own fields, call
//   unknownKeys(value, ['backStake', 'backOdds'], 'legs.1', issues, 'a leg', { stake: ['backStake'] })
// and every key of `value` outside the allowed list becomes one issue at `legs.1.<key>`: "was renamed
// backStake in 1.0" for a known old name whose new name is allowed here, otherwise "is not a field of
// a leg", with "; did you mean X?" when an allowed key is within two edits.
import type { ValidationIssue } from '../errors/errors';

/** Old (pre-1.0) names: each maps to the new names it may have become, the first allowed one wins. */
export type Renamed = Readonly<Record<string, readonly string[]>>;

/** Levenshtein distance (insertions, deletions, substitutions), for "did you mean". */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 0; i < a.length; i++) {
    const row = [i + 1];
    for (let j = 0; j < b.length; j++)
      row.push(Math.min((prev[j + 1] as number) + 1, (row[j] as number) + 1, (prev[j] as number) + (a[i] === b[j] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length] as number;
}

/**
 * Records one issue per own key of `value` that is not in `allowed` (whatever its value, even
 * undefined, as zod's strictObject does). `path` is the object's dotted path ('' for the top).
 */
export function unknownKeys(
  value: object,
  allowed: readonly string[],
  path: string,
  issues: ValidationIssue[],
  what: string,
  renamed: Renamed = {},
): void {
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) continue;
    const now = Object.hasOwn(renamed, key) ? renamed[key]?.find((n) => allowed.includes(n)) : undefined;
    let near: string | undefined;
    let best = 3;
    for (const a of allowed) {
      const d = editDistance(key, a);
      if (d < best) [near, best] = [a, d];
    }
    issues.push({
      path: path === '' ? key : `${path}.${key}`,
      message:
        now !== undefined
          ? `was renamed ${now} in 1.0`
          : `is not a field of ${what}${near === undefined ? '' : `; did you mean ${near}?`}`,
    });
  }
}
