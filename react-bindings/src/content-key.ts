// Internal (not exported from the package): the key by which useSubscription and
// useWageringSimulation decide that their input changed. Inputs are plain data (GraphQL variables,
// a wagering offer), usually written inline in JSX, so a new object on every render is the normal
// case: comparing by identity would restart the work on every render (and a render caused by the
// work's own progress would restart it again, forever). Comparing by content does not.

/** A value JSON cannot write apart from others, written as an object with the one key `$`. */
class Tag {
  constructor(readonly $: string) {}
}

/** Tags the values JSON cannot tell apart from others, and orders object keys. */
function canonical(_key: string, value: unknown): unknown {
  if (typeof value === 'number') {
    // JSON writes NaN and the infinities as null, and -0 as 0. Keep the first three apart from
    // null (a field left null is a different input from one set to NaN); -0 stays 0.
    return Number.isFinite(value) ? value : new Tag(String(value));
  }
  if (typeof value === 'bigint') return new Tag(`${value.toString()}n`);
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Tag)) {
    const object = value as Record<string, unknown>;
    // No prototype, so that a key named `__proto__` is written like any other.
    const sorted = Object.create(null) as Record<string, unknown>;
    // A key of the data that starts with `$` gets one more, so no data object looks like a Tag.
    for (const k of Object.keys(object).sort()) sorted[k.startsWith('$') ? `$${k}` : k] = object[k];
    return sorted;
  }
  return value;
}

/**
 * A string equal for two values exactly when they hold the same data: JSON with object keys in
 * sorted order, NaN, Infinity, -Infinity and bigints tagged so that they differ from null, from
 * strings and from any object of the data. Properties whose value is `undefined` count as absent
 * (as in JSON, and as for an optional field); functions and symbols are ignored; a `Date` counts
 * as its ISO string (what goes on the wire). A value JSON cannot represent (a cycle) gets a key of
 * its own that is the same on every call, so that it cannot restart work in a loop.
 */
export function contentKey(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, canonical) ?? 'undefined';
  } catch (error) {
    return `unserialisable: ${error instanceof Error ? error.name : 'error'}`;
  }
}
