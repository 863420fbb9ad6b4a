// What every benchmark of sdk/bench shares: printing a line, collecting garbage between timed runs,
// reading its settings from the environment (a bad value stops the run with a message naming it,
// never a silent default or NaN), and the median of a round's figures.

/** Writes one line of the report to stdout. */
export const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** Collects garbage when node runs with `--expose-gc` (scripts/bench.mjs passes it), else does nothing. */
export const collect: () => void = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** The environment variable `name` as a whole number of at least 1, or `fallback` when unset or empty. */
export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1 (got ${JSON.stringify(raw)})`);
  return n;
}

/** The environment variable `name` as a finite number greater than 0, or `fallback` when unset or empty. */
export function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number greater than 0 (got ${JSON.stringify(raw)})`);
  return n;
}

/** The median of `xs` (the mean of the middle two for an even count); `xs` is not changed. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}
