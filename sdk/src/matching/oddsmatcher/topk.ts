// The oddsmatcher's top k: a sorted list of pair slots with their rows, kept up to date
// incrementally from the bucket index, and published as frozen rows.
//
// The top k is a sorted list of pair slots (with their rows) maintained incrementally. A price
// tick re-scores only the pairs of the quote that moved: E pairs for a back price (one per
// exchange lay on the selection), B for a lay (one per bookmaker price); a re-scored pair enters
// the index only when it passes and scores at least the cut. A pair that was in the list leaves
// it; the re-scored pairs that rank before the published k-th row are sorted and merged into it
// in one pass (O(k + m log m) for m of them); when the list is short, it is refilled from the buckets at
// and below the old k-th row (every pair outside the list ranks after it), sorting only the pairs
// gathered there. When the index cannot refill the list (ticks pushed more than its M − k spare
// pairs below the cut, net) everything is ranked again. A tick that touches neither the list nor
// the k-th row changes nothing and publishes nothing. Adding or removing a quote re-scores that
// selection's pairs (moving its block to the end of the columns when it outgrows it; the columns
// are compacted when moved-out blocks outweigh live ones). Changing the options re-scores
// everything.
import { backLay } from '../../calculators/index';
import type { Market, Runner, SportEvent } from '../model';
import { BucketIndex, bucketOf } from './buckets';
import { drain, growI32, NB } from './columns';
import type { OddsmatchRow } from './types';

/** Whether two rows hold the same values (`Object.is` field by field). */
function sameRow(a: OddsmatchRow, b: OddsmatchRow): boolean {
  for (const k in a) if (!Object.is(a[k as keyof OddsmatchRow], b[k as keyof OddsmatchRow])) return false;
  for (const k in b) if (!(k in a)) return false; // a boost's fields, present on one only
  return true;
}

/** The bucket index with the top k read from it; the full ranking (a layer above) ranks everything afresh. */
export abstract class TopK extends BucketIndex {
  /** Negative when pair a ranks before pair b. */
  compare(a: number, b: number): number {
    const d = (this.pScore[b] as number) - (this.pScore[a] as number);
    if (d !== 0) return d;
    const sa = this.pSel[a] as number;
    const sb = this.pSel[b] as number;
    if (sa !== sb) return (this.selRunner[sa] as Runner).id < (this.selRunner[sb] as Runner).id ? -1 : 1;
    const stride = this.layCap[sa] as number;
    const oa = a - (this.pairBase[sa] as number);
    const ob = b - (this.pairBase[sa] as number);
    const ia = (oa / stride) | 0;
    const ib = (ob / stride) | 0;
    if (ia !== ib) {
      const bs = this.backBase[sa] as number;
      return (
        (this.bookmakers.rank[this.qbBm[bs + ia] as number] as number) - (this.bookmakers.rank[this.qbBm[bs + ib] as number] as number)
      );
    }
    const ls = this.layBase[sa] as number;
    return (
      (this.exchangeDict.rank[this.qlEx[ls + oa - ia * stride] as number] as number) -
      (this.exchangeDict.rank[this.qlEx[ls + ob - ib * stride] as number] as number)
    );
  }

  /** Negative when pair p ranks before the published k-th row, 0 when it is that row. */
  compareToThreshold(p: number): number {
    const t = this.thr as NonNullable<TopK['thr']>;
    const score = this.pScore[p] as number;
    if (score !== t.score) return score > t.score ? -1 : 1;
    const s = this.pSel[p] as number;
    const sel = (this.selRunner[s] as Runner).id;
    if (sel !== t.sel) return sel < t.sel ? -1 : 1;
    const off = p - (this.pairBase[s] as number);
    const stride = this.layCap[s] as number;
    const i = (off / stride) | 0;
    const bm = this.bookmakers.names[this.qbBm[(this.backBase[s] as number) + i] as number] as string;
    if (bm !== t.bm) return bm < t.bm ? -1 : 1;
    const ex = this.exchangeDict.names[this.qlEx[(this.layBase[s] as number) + off - i * stride] as number] as string;
    return ex === t.ex ? 0 : ex < t.ex ? -1 : 1;
  }

  /** Forgets the top list (the published rows stay until the next publication). */
  clearTop(): void {
    for (let t = 0; t < this.topLen; t++) this.inTop[this.top[t] as number] = 0;
    this.topLen = 0;
    this.topRows = [];
    this.entering = [];
    this.thr = null;
    this.dirty = false;
  }

  /**
   * Brings the top list up to date and publishes it when its content changed: afresh from the
   * index after a full ranking, otherwise incrementally (drop the pairs that left, insert the
   * pairs that may have entered, refill from the buckets at and below the old k-th row).
   */
  refreshTop(): boolean {
    if (this.needFull) {
      this.needFull = false;
      this.clearTop();
      this.refill(NB - 1);
    } else if (this.dirty) {
      this.dirty = false;
      // 1. Drop the pairs that left (unlinked since: their inTop flag was cleared).
      let w = 0;
      for (let t = 0; t < this.topLen; t++) {
        const p = this.top[t] as number;
        if (this.inTop[p] !== 1) continue;
        this.top[w] = p;
        this.topRows[w] = this.topRows[t] as OddsmatchRow;
        w++;
      }
      this.topLen = w;
      this.topRows.length = w;
      // 2. Insert the pairs that rank before the old k-th row (all others rank after it): gather
      // them, sort them and merge them with the list in one pass, O(k + m log m) for m entering
      // pairs (a batch of prices moves hundreds of pairs; one insertion each would be O(m·k)).
      const k = this.options.limit;
      let m = 0;
      for (const p of this.entering) {
        if (this.pBucket[p] === -1 || this.inTop[p] !== 0) continue;
        if (this.thr !== null && this.compareToThreshold(p) > 0) continue;
        this.inTop[p] = 2; // gathered (a pair re-scored twice is listed twice)
        if (m === this.scratch.length) this.scratch = growI32(this.scratch, m + 1);
        this.scratch[m++] = p;
      }
      this.entering = [];
      if (m > 0) {
        const gathered = this.scratch.slice(0, m);
        gathered.sort((a, b) => this.compare(a, b));
        const total = Math.min(k, this.topLen + m);
        const top = new Int32Array(this.top.length);
        const rows = new Array<OddsmatchRow>(total);
        let i = 0;
        let j = 0;
        for (let t = 0; t < total; t++) {
          const g = j < m ? (gathered[j] as number) : -1;
          if (g !== -1 && (i >= this.topLen || this.compare(g, this.top[i] as number) < 0)) {
            top[t] = g;
            rows[t] = this.makeRow(g);
            this.inTop[g] = 1;
            j++;
          } else {
            top[t] = this.top[i] as number;
            rows[t] = this.topRows[i] as OddsmatchRow;
            i++;
          }
        }
        // What did not make the first k leaves (or never enters) the list.
        for (; i < this.topLen; i++) this.inTop[this.top[i] as number] = 0;
        for (; j < m; j++) this.inTop[gathered[j] as number] = 0;
        this.top = top;
        this.topRows = rows;
        this.topLen = total;
      }
      // 3. Refill: every pair outside the list ranks after the old k-th row, so after every row
      // left in the list; the best of them are in its bucket or below.
      if (this.topLen < k) this.refill(this.thr === null ? NB - 1 : bucketOf(this.thr.score));
      // 4. The index ran dry while it leaves pairs out: rank everything again (rare: the index
      // starts with indexTarget(k) pairs and loses them one tick at a time).
      if (this.topLen < k && this.cut !== -Infinity) {
        this.rankAll();
        this.needFull = false;
        this.refill(NB - 1);
      }
    } else return false;
    return this.finishTop();
  }

  /** Notes the k-th row (the threshold of the incremental updates) and publishes the top list. */
  finishTop(): boolean {
    this.thr = null;
    if (this.topLen === this.options.limit) {
      const p = this.top[this.topLen - 1] as number;
      const row = this.topRows[this.topLen - 1] as OddsmatchRow;
      this.thr = { score: this.pScore[p] as number, sel: row.selectionId, bm: row.bookmaker, ex: row.exchange };
    }
    return this.publish();
  }

  /** Appends to the top list the best linked pairs outside it, from bucket `from` down. */
  refill(from: number): void {
    drain(this.refillSteps(from, Infinity));
  }

  /** {@link TopK.refill} in steps: yields after every `size` rows made. */
  *refillSteps(from: number, size: number): Generator<void, void, void> {
    const need = Math.min(this.options.limit - this.topLen, this.linked - this.topLen);
    if (need <= 0) return;
    let n = 0;
    let bk = this.nextBucket(from);
    while (bk !== -1 && n < need) {
      for (let p = this.head[bk] as number; p !== -1; p = this.pNext[p] as number) {
        if (this.inTop[p] === 1) continue;
        if (n === this.scratch.length) this.scratch = growI32(this.scratch, n + 1);
        this.scratch[n++] = p;
      }
      bk = bk === 0 ? -1 : this.nextBucket(bk - 1);
    }
    const gathered = this.scratch.subarray(0, n);
    gathered.sort((a, b) => this.compare(a, b));
    const add = Math.min(need, n);
    for (let t = 0; t < add; t++) {
      if (t > 0 && t % size === 0) yield;
      const p = gathered[t] as number;
      this.top[this.topLen] = p;
      this.topRows[this.topLen] = this.makeRow(p);
      this.inTop[p] = 1;
      this.topLen++;
    }
  }

  /** Publishes the top rows when their content changed; rows with unchanged content keep their object. */
  publish(): boolean {
    const old = this.rows;
    let same = old.length === this.topLen;
    for (let t = 0; t < this.topLen; t++) {
      const row = this.topRows[t] as OddsmatchRow;
      const before = old[t];
      if (before !== undefined && before !== row && sameRow(before, row)) this.topRows[t] = before;
      else if (before !== row) same = false;
    }
    if (same) return false;
    this.rows = Object.freeze(this.topRows.slice());
    return true;
  }

  makeRow(p: number): OddsmatchRow {
    const s = this.pSel[p] as number;
    const stride = this.layCap[s] as number;
    const off = p - (this.pairBase[s] as number);
    const i = (off / stride) | 0;
    const qb = (this.backBase[s] as number) + i;
    const ql = (this.layBase[s] as number) + off - i * stride;
    const m = this.selMarket[s] as number;
    const market = this.mkData[m] as Market;
    const event = this.evData[this.mkEvent[m] as number] as SportEvent;
    const runner = this.selRunner[s] as Runner;
    const b = this.qbOdds[qb] as number;
    const factor = this.qlFactor[ql] as number;
    const ex = this.qlEx[ql] as number;
    const layOdds = this.qlOdds[ql] as number;
    const commission = this.commissionFor(ex, this.qlFeedComm[ql] as number);
    const stake = this.options.stake;
    const qualifying = backLay({ betType: 'qualifying', backStake: stake, backOdds: b, layOdds, layCommission: commission });
    const freeBet = backLay({ betType: 'snr', backStake: stake, backOdds: b, layOdds, layCommission: commission });
    return Object.freeze({
      eventId: event.id,
      eventName: event.name,
      competition: event.competition ?? null,
      sport: event.sport,
      startsAt: event.startsAt,
      marketId: market.id,
      marketName: market.name,
      marketType: market.type,
      selectionId: runner.id,
      selectionName: runner.name,
      bookmaker: this.bookmakers.names[this.qbBm[qb] as number] as string,
      backOdds: b,
      ...this.boostOf(qb),
      exchange: this.exchangeDict.names[ex] as string,
      layOdds,
      layLiquidity: this.qlLiq[ql] as number,
      commission,
      rating: b * factor * 100,
      snrRetention: (b - 1) * factor * 100,
      layStake: qualifying.layStake,
      qualifyingLoss: qualifying.profitIfLoses,
      freeBetLayStake: freeBet.layStake,
      freeBetProfit: freeBet.profitIfLoses,
    });
  }

  /** Scores every pair and rebuilds the index (the full ranking). */
  abstract rankAll(): void;
}
