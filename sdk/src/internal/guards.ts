// Type guards shared by the sdk's modules. Internal: not exported from any package entry point.

/** A safe integer in [min, max]. */
export const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/** A non-null object that is not an array. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a value is, in the words of a validation message: 'null', 'an array', or its typeof. */
export const kindOf = (x: unknown): string => (x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x);
