// The oddsmatcher's full ranking: every pair scored in one sweep over the pair columns, the best
// of them put in the index (on load, on new options, and when ticks ran the index dry).
//
// The full ranking (load, setOptions) is one sequential sweep over those two columns, score
// first: one subtraction, one multiplication and one comparison per pair against a gate; only the
// pairs at or above the gate are checked against the filters. The gate is the M-th best passing
// score found so far (a size-M min-heap; `minScore` until it fills), M = indexTarget(k) = 2k + 64
// by default. So the full ranking does O(P) arithmetic and about M·ln(P/M) filter checks.
import { layFactor } from '../rating';
import { drain, growF64, growI32 } from './columns';
import { compile, sameRecord, type ResolvedOptions } from './options';
import { TopK } from './topk';

/** The top k over the index, with the full ranking that fills the index. */
export class FullRanking extends TopK {
  /** Replaces the options: recompiles the filters (and the lay factors when commissions changed), then ranks everything. */
  applyOptions(options: ResolvedOptions): void {
    const sameCommissions = sameRecord(this.options.commissions, options.commissions);
    this.options = options;
    const f = compile(options.filters);
    const boostsChanged = f.includeBoosts !== this.f.includeBoosts;
    this.f = f;
    if (boostsChanged) this.rewriteBoosts();
    this.snr = options.rankBy === 'snrRetention' ? 1 : 0;
    this.bookmakers.names.forEach((n, c) => (this.bmAllowed[c] = f.bookmakers === null || f.bookmakers.has(n) ? 1 : 0));
    this.exchangeDict.names.forEach((n, c) => (this.exAllowed[c] = f.exchanges.has(n) ? 1 : 0));
    this.sportDict.names.forEach((n, c) => (this.sportAllowed[c] = f.sports === null || f.sports.has(n) ? 1 : 0));
    this.typeDict.names.forEach((n, c) => (this.typeAllowed[c] = f.marketTypes === null || f.marketTypes.has(n) ? 1 : 0));
    if (!sameCommissions) {
      this.exchangeDict.names.forEach((n, c) => (this.ownCommission[c] = options.commissions[n] ?? -1));
      for (let s = 0; s < this.nSel; s++) {
        if (this.selAlive[s] === 0) continue;
        const lb = this.layBase[s] as number;
        const ln = this.layLen[s] as number;
        for (let j = lb; j < lb + ln; j++) {
          const c = this.commissionFor(this.qlEx[j] as number, this.qlFeedComm[j] as number);
          this.qlFactor[j] = layFactor(this.qlOdds[j] as number, c);
        }
      }
      this.fillPairs();
    } else if (boostsChanged) this.fillPairs();
    this.clearTop();
    if (this.top.length < options.limit + 1) this.top = new Int32Array(options.limit + 1);
    this.rankAll();
  }

  /**
   * Scores every pair and rebuilds the index: one sequential sweep over the pair columns, O(pairs),
   * score first.
   *
   * The index only needs the pairs that can reach the top k before the next full ranking, so it
   * keeps the best M = `indexTarget(k)` of them (at least k). A min-heap of the best M passing
   * scores found so far gives a gate (`minScore` until the heap is full, then the heap's root):
   * the sweep (`scan`, or `scanFiltered` while the heap fills or most pairs fail the
   * selection-level filters) scores each pair with one multiplication and buffers only those at or
   * above the gate; `take` checks the buffered pairs against the filters and offers the passing ones to
   * the heap, raising the gate. At the end the index's cut is the M-th best passing score
   * (`-Infinity` when fewer than M pairs pass: the index then holds every passing pair), and every
   * remembered pair scoring at or above it is linked. Any pair not remembered scored below the
   * gate at its turn, so below the cut: the index holds exactly the passing pairs scoring at
   * least the cut.
   */
  override rankAll(): void {
    drain(this.rankAllSteps(Infinity));
  }

  /** {@link FullRanking.rankAll} in steps: yields after every `pairs` pair slots swept (about). */
  *rankAllSteps(pairs: number): Generator<void, void, void> {
    this.clearIndex();
    this.clearTop();
    const target = Math.max(this.options.limit, Math.floor(this.indexTarget(this.options.limit)) || 0);
    if (this.cutHeap.length < target) this.cutHeap = new Float64Array(target);
    this.heapSize = 0;
    this.heapTarget = target;
    this.nCand = 0;
    this.selSeen = 0;
    this.selFail = 0;
    let gate = this.f.minScore;
    const end = this.pairUsed;
    let mark = 0;
    for (let p = 0; p < end;) {
      p = this.heapSize < target || 2 * this.selFail > this.selSeen ? this.scanFiltered(p, gate) : this.scan(p, gate);
      gate = this.take(gate);
      if (p - mark >= pairs && p < end) {
        mark = p;
        yield;
      }
    }
    const cut = this.heapSize === target ? (this.cutHeap[0] as number) : -Infinity;
    this.cut = cut;
    const cand = this.cand;
    const candScore = this.candScore;
    for (let c = 0; c < this.nCand; c++) {
      const score = candScore[c] as number;
      if (score >= cut) this.link(cand[c] as number, score);
    }
    this.needFull = true;
  }

  /**
   * The full ranking's hot loop: from pair slot `from` on, scores each pair and buffers those
   * scoring at least `gate` (an empty slot scores NaN and fails the test), until the buffer is
   * full. Returns the slot to continue from. It calls nothing, so the compiler keeps the columns'
   * pointers in registers.
   */
  scan(from: number, gate: number): number {
    const { pBack, pFactor, bufPair, bufScore } = this;
    const off = this.snr;
    const cap = bufPair.length;
    const end = this.pairUsed;
    let n = 0;
    let p = from;
    while (p < end) {
      const score = ((pBack[p] as number) - off) * (pFactor[p] as number);
      p++;
      if (!(score >= gate)) continue;
      bufPair[n] = p - 1;
      bufScore[n] = score;
      if (++n === cap) break;
    }
    this.bufLen = n;
    return p;
  }

  /**
   * `scan` for while the heap is not yet full (the gate is still `minScore`, so most pairs clear
   * it): also skips the pairs of selections failing the selection-level filters (sport, market
   * type, start), checked once per selection: the rest of a failing selection's block is skipped.
   * It runs while the heap fills and while most buffered pairs fail those filters: when few pairs
   * pass, the heap's root stays low, most pairs clear the gate, and this keeps the sweep from
   * checking them one by one.
   */
  scanFiltered(from: number, gate: number): number {
    const {
      pBack,
      pFactor,
      pSel,
      bufPair,
      bufScore,
      selAlive,
      selType,
      selSport,
      selStart,
      typeAllowed,
      sportAllowed,
      pairBase,
      backCap,
      layCap,
    } = this;
    const { fromMs, toMs } = this.f;
    const off = this.snr;
    const cap = bufPair.length;
    const end = this.pairUsed;
    let n = 0;
    let p = from;
    let last = -1;
    let ok = false;
    while (p < end) {
      const score = ((pBack[p] as number) - off) * (pFactor[p] as number);
      p++;
      if (!(score >= gate)) continue;
      const s = pSel[p - 1] as number;
      if (s !== last) {
        last = s;
        const start = selStart[s] as number;
        ok =
          selAlive[s] === 1 &&
          typeAllowed[selType[s] as number] === 1 &&
          sportAllowed[selSport[s] as number] === 1 &&
          start >= fromMs &&
          start <= toMs;
        if (!ok) {
          // Skip the rest of the selection's block. The slot is in its live block: a slot outside
          // live blocks holds NaN and never clears the gate.
          p = (pairBase[s] as number) + (backCap[s] as number) * (layCap[s] as number);
          continue;
        }
      }
      if (!ok) continue;
      bufPair[n] = p - 1;
      bufScore[n] = score;
      if (++n === cap) break;
    }
    this.bufLen = n;
    return p;
  }

  /**
   * The full ranking's slow path, for the buffered pairs: those still at or above the gate are
   * checked against the filters (the back odds first, which costs no memory access, then the
   * selection's, which reject the most on a typical feed, then the lay's, then the bookmaker); a
   * pair that passes is remembered and its score offered to the heap of the best `heapTarget`
   * scores. Returns the new gate (the heap's root once it is full).
   */
  take(gate: number): number {
    const f = this.f;
    const { bufPair, bufScore, pBack, pSel, pairBase, layCap, layBase, backBase, qlLiq, qlEx, exAllowed, qbBm, bmAllowed } = this;
    const heap = this.cutHeap;
    const target = this.heapTarget;
    let g = gate;
    for (let t = 0; t < this.bufLen; t++) {
      const score = bufScore[t] as number;
      if (score < g) continue;
      const p = bufPair[t] as number;
      const b = pBack[p] as number;
      if (b < f.minOdds || b > f.maxOdds) continue;
      const s = pSel[p] as number;
      this.selSeen++;
      if (!this.selectionOk(s)) {
        this.selFail++;
        continue;
      }
      const stride = layCap[s] as number;
      const off = p - (pairBase[s] as number);
      const i = (off / stride) | 0;
      const ql = (layBase[s] as number) + off - i * stride;
      if ((qlLiq[ql] as number) < f.minLiquidity || exAllowed[qlEx[ql] as number] !== 1) continue;
      if (bmAllowed[qbBm[(backBase[s] as number) + i] as number] !== 1) continue;
      const nc = this.nCand++;
      if (nc === this.cand.length) {
        this.cand = growI32(this.cand, nc + 1);
        this.candScore = growF64(this.candScore, nc + 1);
      }
      this.cand[nc] = p;
      this.candScore[nc] = score;
      if (this.heapSize < target) {
        // sift up
        let at = this.heapSize++;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          const ps = heap[parent] as number;
          if (ps <= score) break;
          heap[at] = ps;
          at = parent;
        }
        heap[at] = score;
        if (this.heapSize === target) g = heap[0] as number;
      } else if (score > g) {
        // replace the root, sift down
        let at = 0;
        for (;;) {
          const l = 2 * at + 1;
          if (l >= target) break;
          const r = l + 1;
          const w = r < target && (heap[r] as number) < (heap[l] as number) ? r : l;
          const ws = heap[w] as number;
          if (ws >= score) break;
          heap[at] = ws;
          at = w;
        }
        heap[at] = score;
        g = heap[0] as number;
      }
    }
    return g;
  }

  /** Copies every live pair's back odds and lay factor into the pair columns. */
  fillPairs(): void {
    this.fillPairsOf(0, this.nSel);
  }

  /** {@link FullRanking.fillPairs} for selections `from` to `to` (excluded). */
  fillPairsOf(from: number, to: number): void {
    const { pBack, pFactor, qbOdds, qlFactor } = this;
    for (let s = from; s < to; s++) {
      if (this.selAlive[s] !== 1) continue;
      const bb = this.backBase[s] as number;
      const lb = this.layBase[s] as number;
      const ln = this.layLen[s] as number;
      const stride = this.layCap[s] as number;
      const pb = this.pairBase[s] as number;
      for (let i = 0; i < (this.backLen[s] as number); i++) {
        const b = qbOdds[bb + i] as number;
        for (let j = 0; j < ln; j++) {
          pBack[pb + i * stride + j] = b;
          pFactor[pb + i * stride + j] = qlFactor[lb + j] as number;
        }
      }
    }
  }

  /** Pairs passing the filters, counted afresh: O(pairs). */
  countPassing(): number {
    const f = this.f;
    let n = 0;
    for (let s = 0; s < this.nSel; s++) {
      if (!this.selectionOk(s)) continue;
      const bb = this.backBase[s] as number;
      const lb = this.layBase[s] as number;
      const ln = this.layLen[s] as number;
      for (let i = 0; i < (this.backLen[s] as number); i++) {
        const b = this.qbOdds[bb + i] as number;
        if (this.bmAllowed[this.qbBm[bb + i] as number] !== 1 || b < f.minOdds || b > f.maxOdds) continue;
        for (let j = lb; j < lb + ln; j++) {
          if (this.layOk(j) === 1 && (b - this.snr) * (this.qlFactor[j] as number) >= f.minScore) n++;
        }
      }
    }
    return n;
  }
}
