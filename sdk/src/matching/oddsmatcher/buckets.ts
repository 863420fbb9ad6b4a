// The oddsmatcher's ordered index: the pairs passing the filters, threaded into score buckets.
//
// The ordered index holds exactly the pairs that pass the filters and score at least its cut
// (the M-th best passing score at the last full ranking; -Infinity when fewer than M passed, so
// then every passing pair): every pair left out ranks after every pair in it. They are threaded
// into NB = 16384 score buckets (intrusive doubly-linked lists, bucket = ⌊score × 8192⌋, scores
// of 2 or more in the last) with a one-bit-per-bucket occupancy map: link and unlink are O(1),
// the next non-empty bucket below another is found a 32-bucket word at a time.
import { Columns, NB, WORDS } from './columns';

/** Buckets per unit of score. */
const SCALE = 8192;

/** The bucket of a score: ⌊score × 8192⌋, scores of 2 or more in the last bucket (monotone). */
export function bucketOf(score: number): number {
  return score >= 2 ? NB - 1 : (score * SCALE) | 0;
}

/** The columns with the bucket index over their pair slots: linking, unlinking, walking it down. */
export class BucketIndex extends Columns {
  link(p: number, score: number): void {
    const bk = bucketOf(score);
    this.pScore[p] = score;
    this.pBucket[p] = bk;
    const h = this.head[bk] as number;
    this.pNext[p] = h;
    this.pPrev[p] = -1;
    if (h !== -1) this.pPrev[h] = p;
    this.head[bk] = p;
    if ((this.count[bk] as number) === 0) this.bits[bk >>> 5] = (this.bits[bk >>> 5] as number) | (1 << (bk & 31));
    this.count[bk] = (this.count[bk] as number) + 1;
    this.linked++;
  }

  unlink(p: number): void {
    const bk = this.pBucket[p] as number;
    if (bk === -1) return;
    const n = this.pNext[p] as number;
    const pr = this.pPrev[p] as number;
    if (pr === -1) this.head[bk] = n;
    else this.pNext[pr] = n;
    if (n !== -1) this.pPrev[n] = pr;
    this.pBucket[p] = -1;
    const c = (this.count[bk] as number) - 1;
    this.count[bk] = c;
    if (c === 0) this.bits[bk >>> 5] = (this.bits[bk >>> 5] as number) & ~(1 << (bk & 31));
    this.linked--;
    if (this.inTop[p] === 1) {
      this.inTop[p] = 0; // it leaves the top list at the next publication (and may re-enter)
      this.dirty = true;
    }
  }

  /** Highest non-empty bucket at or below `bk`, or -1. */
  nextBucket(bk: number): number {
    let w = bk >>> 5;
    let word = (this.bits[w] as number) & (((bk & 31) === 31 ? 0 : 1 << ((bk & 31) + 1)) - 1);
    for (;;) {
      if (word !== 0) return (w << 5) + 31 - Math.clz32(word);
      if (w === 0) return -1;
      w--;
      word = this.bits[w] as number;
    }
  }

  /** Unlinks every pair from the index: O(linked pairs + buckets / 32), not O(pairs). */
  clearIndex(): void {
    const { bits, head, count, pBucket, pNext } = this;
    for (let w = 0; w < WORDS; w++) {
      let word = bits[w] as number;
      if (word === 0) continue;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word);
        word &= ~(1 << bit);
        const bk = (w << 5) + bit;
        for (let p = head[bk] as number; p !== -1; p = pNext[p] as number) pBucket[p] = -1;
        head[bk] = -1;
        count[bk] = 0;
      }
      bits[w] = 0;
    }
    this.linked = 0;
  }
}
