// The exchange price ladder (its increments), in hundredths of decimal odds.

export const LADDER_BANDS: readonly (readonly [number, number, number])[] = [
  [101, 200, 1],
  [202, 300, 2],
  [305, 400, 5],
  [410, 600, 10],
  [620, 1000, 20],
  [1050, 2000, 50],
  [2100, 3000, 100],
  [3200, 5000, 200],
  [5500, 10000, 500],
  [11000, 100000, 1000],
];

export let ladderCache: { cents: Int32Array; odds: Float64Array } | undefined;

export function ladder(): { cents: Int32Array; odds: Float64Array } {
  if (ladderCache === undefined) {
    const cents: number[] = [];
    for (const [from, to, step] of LADDER_BANDS) for (let c = from; c <= to; c += step) cents.push(c);
    ladderCache = { cents: Int32Array.from(cents), odds: Float64Array.from(cents, (c) => c / 100) };
  }
  return ladderCache;
}

/** The highest ladder index. */
export function top(): number {
  return ladder().cents.length - 1;
}

/** The smallest ladder index whose odds are at least num/den (the last when none is). */
export function ladderCeil(num: number, den: number): number {
  const { cents } = ladder();
  let lo = 0;
  let hi = cents.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cents[mid] as number) * den >= 100 * num) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The largest ladder index whose odds are at most num/den (0 when none is). */
export function ladderFloor(num: number, den: number): number {
  const { cents } = ladder();
  let lo = 0;
  let hi = cents.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((cents[mid] as number) * den <= 100 * num) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function odds(index: number): number {
  return ladder().odds[Math.max(0, Math.min(top(), index))] as number;
}
