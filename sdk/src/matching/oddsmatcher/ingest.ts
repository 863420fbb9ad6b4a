// The oddsmatcher's ingestion: a whole snapshot laid out tightly in the columns (at once or in
// steps), and the structural changes and price ticks that follow it, each re-scoring only the
// pairs it touches (moving a selection's blocks to the end of the columns when it outgrows them,
// compacting the columns when moved-out blocks outweigh live ones).
import type { Market, Runner, SportEvent } from '../model';
import { layFactor } from '../rating';
import { drain } from './columns';
import { FullRanking } from './rank';

/** A bookmaker back price as the engine takes it (a boost's fields absent on a standard price). */
export interface BackQuote {
  readonly bookmaker: string;
  readonly selectionId: string;
  readonly odds: number;
  readonly boostedFrom?: number | undefined;
  readonly maxStake?: number | undefined;
}

/** The whole engine: the ranked columns, with the records and prices going in. */
export class Engine extends FullRanking {
  // ----- re-scoring ---------------------------------------------------------------------------

  /** Re-scores pair (s, i, j) and moves it in the index; notes whether the top k may change. */
  relinkPair(s: number, i: number, j: number, selOk: boolean): void {
    const p = (this.pairBase[s] as number) + i * (this.layCap[s] as number) + j;
    this.unlink(p);
    const qb = (this.backBase[s] as number) + i;
    const ql = (this.layBase[s] as number) + j;
    const b = this.qbOdds[qb] as number;
    this.pBack[p] = b;
    this.pFactor[p] = this.qlFactor[ql] as number;
    if (!selOk) return;
    const f = this.f;
    if (this.bmAllowed[this.qbBm[qb] as number] !== 1 || b < f.minOdds || b > f.maxOdds || this.layOk(ql) !== 1) return;
    const score = (b - this.snr) * (this.qlFactor[ql] as number);
    // Pairs scoring below the index's cut stay out of it (every pair in it ranks before them).
    if (!(score >= f.minScore) || score < this.cut) return;
    this.link(p, score);
    if (!this.needFull && (this.thr === null || this.compareToThreshold(p) <= 0)) {
      this.entering.push(p);
      this.dirty = true;
    }
  }

  relinkSelection(s: number): void {
    const ok = this.selectionOk(s);
    const bn = this.backLen[s] as number;
    const ln = this.layLen[s] as number;
    for (let i = 0; i < bn; i++) for (let j = 0; j < ln; j++) this.relinkPair(s, i, j, ok);
  }

  /** Unlinks every pair of selection s and marks its slots empty (a relink fills the live ones). */
  unlinkSelection(s: number): void {
    const base = this.pairBase[s] as number;
    const size = (this.backCap[s] as number) * (this.layCap[s] as number);
    for (let p = base; p < base + size; p++) this.unlink(p);
    this.pFactor.fill(NaN, base, base + size);
  }

  // ----- structure ----------------------------------------------------------------------------

  reset(): void {
    this.clearIndex();
    this.evIndex = new Map();
    this.evData = [];
    this.evMarkets = [];
    this.nEv = 0;
    this.mkIndex = new Map();
    this.mkData = [];
    this.mkSels = [];
    this.nMk = 0;
    this.selIndex = new Map();
    this.selRunner = [];
    this.nSel = 0;
    this.liveSel = 0;
    this.backUsed = 0;
    this.layUsed = 0;
    this.pairUsed = 0;
    this.garbagePairs = 0;
    this.clearTop();
    this.inTop.fill(0);
  }

  addEvent(event: SportEvent): number {
    const e = this.nEv++;
    this.ensureEvents(this.nEv);
    this.evIndex.set(event.id, e);
    this.evData[e] = event;
    this.evMarkets[e] = [];
    this.evStart[e] = Date.parse(event.startsAt);
    this.evSport[e] = this.sportCode(event.sport);
    this.evAlive[e] = 1;
    return e;
  }

  addMarket(market: Market, e: number): number {
    const m = this.nMk++;
    this.ensureMarkets(this.nMk);
    this.mkIndex.set(market.id, m);
    this.mkData[m] = market;
    this.mkSels[m] = [];
    (this.evMarkets[e] as number[]).push(m);
    this.mkEvent[m] = e;
    this.mkType[m] = this.typeCode(market.type);
    this.mkAlive[m] = 1;
    for (const runner of market.runners) this.addSelection(runner, m, 0, 0);
    return m;
  }

  /** Adds a selection with room for `backs` back and `lays` lay quotes (lengths start at 0). */
  addSelection(runner: Runner, m: number, backs: number, lays: number): number {
    const s = this.nSel++;
    this.ensureSelections(this.nSel);
    this.selIndex.set(runner.id, s);
    this.selRunner[s] = runner;
    this.selMarket[s] = m;
    this.copyMarket(s);
    this.selAlive[s] = 1;
    this.liveSel++;
    (this.mkSels[m] as number[]).push(s);
    this.backBase[s] = this.backUsed;
    this.backLen[s] = 0;
    this.backCap[s] = backs;
    this.backUsed += backs;
    this.ensureBacks(this.backUsed);
    this.layBase[s] = this.layUsed;
    this.layLen[s] = 0;
    this.layCap[s] = lays;
    this.layUsed += lays;
    this.ensureLays(this.layUsed);
    this.pairBase[s] = this.pairUsed;
    const size = backs * lays;
    this.pairUsed += size;
    this.ensurePairs(this.pairUsed);
    this.pSel.fill(s, this.pairBase[s] as number, this.pairUsed);
    this.pBucket.fill(-1, this.pairBase[s] as number, this.pairUsed);
    this.pFactor.fill(NaN, this.pairBase[s] as number, this.pairUsed);
    return s;
  }

  /** Moves a selection's blocks to the end with room for at least the given quote counts. */
  relocate(s: number, backs: number, lays: number): void {
    this.unlinkSelection(s);
    const bc = Math.max(backs, this.backCap[s] as number);
    const lc = Math.max(lays, this.layCap[s] as number);
    const ob = this.backBase[s] as number;
    const ol = this.layBase[s] as number;
    this.garbagePairs += (this.backCap[s] as number) * (this.layCap[s] as number);
    const nb = this.backUsed;
    this.backUsed += bc;
    this.ensureBacks(this.backUsed);
    this.qbBm.copyWithin(nb, ob, ob + (this.backLen[s] as number));
    this.qbOdds.copyWithin(nb, ob, ob + (this.backLen[s] as number));
    this.qbBoost.copyWithin(nb, ob, ob + (this.backLen[s] as number));
    this.qbBoosted.copyWithin(nb, ob, ob + (this.backLen[s] as number));
    this.qbMax.copyWithin(nb, ob, ob + (this.backLen[s] as number));
    const nl = this.layUsed;
    this.layUsed += lc;
    this.ensureLays(this.layUsed);
    const ll = this.layLen[s] as number;
    this.qlEx.copyWithin(nl, ol, ol + ll);
    this.qlOdds.copyWithin(nl, ol, ol + ll);
    this.qlLiq.copyWithin(nl, ol, ol + ll);
    this.qlFeedComm.copyWithin(nl, ol, ol + ll);
    this.qlFactor.copyWithin(nl, ol, ol + ll);
    this.backBase[s] = nb;
    this.backCap[s] = bc;
    this.layBase[s] = nl;
    this.layCap[s] = lc;
    const np = this.pairUsed;
    this.pairUsed += bc * lc;
    this.ensurePairs(this.pairUsed);
    this.pairBase[s] = np;
    this.pSel.fill(s, np, this.pairUsed);
    this.pBucket.fill(-1, np, this.pairUsed);
    this.pFactor.fill(NaN, np, this.pairUsed);
  }

  removeSelection(s: number): void {
    this.unlinkSelection(s);
    this.selAlive[s] = 0;
    this.liveSel--;
    this.selIndex.delete((this.selRunner[s] as Runner).id);
    this.garbagePairs += (this.backCap[s] as number) * (this.layCap[s] as number);
  }

  removeMarketAt(m: number): void {
    for (const s of this.mkSels[m] as number[]) if (this.selAlive[s] === 1) this.removeSelection(s);
    this.mkSels[m] = [];
    this.mkAlive[m] = 0;
    this.mkIndex.delete((this.mkData[m] as Market).id);
    const e = this.mkEvent[m] as number;
    const list = this.evMarkets[e] as number[];
    const at = list.indexOf(m);
    if (at !== -1) list.splice(at, 1);
  }

  /** Sets a back quote; `boostedFrom` and `maxStake` are 0 on a standard price. */
  setBack(s: number, bm: number, odds: number, boostedFrom = 0, maxStake = 0): void {
    const bb = this.backBase[s] as number;
    const bn = this.backLen[s] as number;
    let i = 0;
    while (i < bn && this.qbBm[bb + i] !== bm) i++;
    if (i === bn) {
      if (bn === this.backCap[s]) this.relocate(s, Math.max(2, bn * 2), 0);
      const base = this.backBase[s] as number;
      this.writeBack(base + bn, bm, odds, boostedFrom, maxStake);
      this.backLen[s] = bn + 1;
      this.relinkSelection(s);
      return;
    }
    this.writeBack(bb + i, bm, odds, boostedFrom, maxStake);
    const ok = this.selectionOk(s);
    const ln = this.layLen[s] as number;
    for (let j = 0; j < ln; j++) this.relinkPair(s, i, j, ok);
  }

  removeBack(s: number, bm: number): void {
    const bb = this.backBase[s] as number;
    const bn = this.backLen[s] as number;
    let i = 0;
    while (i < bn && this.qbBm[bb + i] !== bm) i++;
    if (i === bn) return;
    this.unlinkSelection(s);
    this.qbBm[bb + i] = this.qbBm[bb + bn - 1] as number;
    this.qbOdds[bb + i] = this.qbOdds[bb + bn - 1] as number;
    this.qbBoost[bb + i] = this.qbBoost[bb + bn - 1] as number;
    this.qbBoosted[bb + i] = this.qbBoosted[bb + bn - 1] as number;
    this.qbMax[bb + i] = this.qbMax[bb + bn - 1] as number;
    this.backLen[s] = bn - 1;
    this.relinkSelection(s);
  }

  setLay(s: number, ex: number, odds: number, liquidity: number, feedCommission: number): void {
    const lb = this.layBase[s] as number;
    const ln = this.layLen[s] as number;
    let j = 0;
    while (j < ln && this.qlEx[lb + j] !== ex) j++;
    if (j === ln) {
      if (ln === this.layCap[s]) this.relocate(s, 0, Math.max(2, ln * 2));
      const base = this.layBase[s] as number;
      this.writeLay(base + ln, ex, odds, liquidity, feedCommission);
      this.layLen[s] = ln + 1;
      this.relinkSelection(s);
      return;
    }
    this.writeLay(lb + j, ex, odds, liquidity, feedCommission);
    const ok = this.selectionOk(s);
    const bn = this.backLen[s] as number;
    for (let i = 0; i < bn; i++) this.relinkPair(s, i, j, ok);
  }

  writeLay(q: number, ex: number, odds: number, liquidity: number, feedCommission: number): void {
    this.qlEx[q] = ex;
    this.qlOdds[q] = odds;
    this.qlLiq[q] = liquidity;
    this.qlFeedComm[q] = feedCommission;
    this.qlFactor[q] = layFactor(odds, this.commissionFor(ex, feedCommission));
  }

  removeLay(s: number, ex: number): void {
    const lb = this.layBase[s] as number;
    const ln = this.layLen[s] as number;
    let j = 0;
    while (j < ln && this.qlEx[lb + j] !== ex) j++;
    if (j === ln) return;
    this.unlinkSelection(s);
    const last = lb + ln - 1;
    this.writeLay(
      lb + j,
      this.qlEx[last] as number,
      this.qlOdds[last] as number,
      this.qlLiq[last] as number,
      this.qlFeedComm[last] as number,
    );
    this.layLen[s] = ln - 1;
    this.relinkSelection(s);
  }

  /** Rebuilds every column tightly (dropping removed selections and moved blocks), then ranks all. */
  compact(): void {
    const events = this.evData.filter((_, e) => this.evAlive[e] === 1);
    const markets = this.mkData.filter((_, m) => this.mkAlive[m] === 1);
    const backs: BackQuote[] = [];
    const lays: { exchange: string; selectionId: string; odds: number; liquidity: number; commission: number }[] = [];
    for (let s = 0; s < this.nSel; s++) {
      if (this.selAlive[s] !== 1) continue;
      const id = (this.selRunner[s] as Runner).id;
      const bb = this.backBase[s] as number;
      for (let i = 0; i < (this.backLen[s] as number); i++) {
        backs.push({
          bookmaker: this.bookmakers.names[this.qbBm[bb + i] as number] as string,
          selectionId: id,
          ...this.feedBack(bb + i),
        });
      }
      const lb = this.layBase[s] as number;
      for (let j = 0; j < (this.layLen[s] as number); j++) {
        lays.push({
          exchange: this.exchangeDict.names[this.qlEx[lb + j] as number] as string,
          selectionId: id,
          odds: this.qlOdds[lb + j] as number,
          liquidity: this.qlLiq[lb + j] as number,
          commission: this.qlFeedComm[lb + j] as number,
        });
      }
    }
    this.ingest(events, markets, backs, lays);
  }

  maybeCompact(): void {
    const dead = this.nSel - this.liveSel;
    if ((this.garbagePairs > 1024 && this.garbagePairs > this.pairUsed / 2) || (dead > 256 && dead > this.liveSel)) {
      this.compact();
    }
  }

  /** Replaces the whole state with validated records laid out tightly, then ranks everything. */
  ingest(
    events: readonly SportEvent[],
    markets: readonly Market[],
    backs: readonly BackQuote[],
    lays: readonly { exchange: string; selectionId: string; odds: number; liquidity: number; commission: number }[],
  ): void {
    drain(this.ingestSteps(events, markets, backs, lays, Infinity));
  }

  /**
   * {@link Engine.ingest} in steps: yields after about `size` records (events, markets,
   * selections, prices) and after about 64·`size` pair slots of the ranking's sweep.
   */
  *ingestSteps(
    events: readonly SportEvent[],
    markets: readonly Market[],
    backs: readonly BackQuote[],
    lays: readonly { exchange: string; selectionId: string; odds: number; liquidity: number; commission: number }[],
    size: number,
  ): Generator<void, void, void> {
    let done = 0;
    // True when `size` records have been handled since the last pause (the caller yields then).
    const tick = (n = 1): boolean => {
      done += n;
      if (done < size) return false;
      done = 0;
      return true;
    };
    this.reset();
    let nRunners = 0;
    for (const m of markets) nRunners += m.runners.length;
    const runnerOrder = new Map<string, number>();
    const marketOfRunner: { runner: Runner; market: number }[] = [];
    this.ensureEvents(events.length);
    this.ensureMarkets(markets.length);
    this.ensureSelections(nRunners);
    for (const e of events) {
      this.addEvent(e);
      if (tick()) yield;
    }
    for (const market of markets) {
      const e = this.evIndex.get(market.eventId) as number;
      const m = this.nMk++;
      this.mkIndex.set(market.id, m);
      this.mkData[m] = market;
      this.mkSels[m] = [];
      (this.evMarkets[e] as number[]).push(m);
      this.mkEvent[m] = e;
      this.mkType[m] = this.typeCode(market.type);
      this.mkAlive[m] = 1;
      for (const runner of market.runners) {
        runnerOrder.set(runner.id, marketOfRunner.length);
        marketOfRunner.push({ runner, market: m });
      }
      if (tick(market.runners.length)) yield;
    }
    const backCount = new Int32Array(nRunners);
    const layCount = new Int32Array(nRunners);
    for (const p of backs) {
      const r = runnerOrder.get(p.selectionId) as number;
      backCount[r] = (backCount[r] as number) + 1;
    }
    for (const p of lays) {
      const r = runnerOrder.get(p.selectionId) as number;
      layCount[r] = (layCount[r] as number) + 1;
    }
    let totalBacks = 0;
    let totalLays = 0;
    let totalPairs = 0;
    for (let r = 0; r < nRunners; r++) {
      totalBacks += backCount[r] as number;
      totalLays += layCount[r] as number;
      totalPairs += (backCount[r] as number) * (layCount[r] as number);
    }
    this.ensureBacks(totalBacks);
    this.ensureLays(totalLays);
    this.ensurePairs(totalPairs);
    if (tick(Math.ceil((backs.length + lays.length) / 4))) yield;
    for (let r = 0; r < marketOfRunner.length; r++) {
      const { runner, market } = marketOfRunner[r] as { runner: Runner; market: number };
      this.addSelection(runner, market, backCount[r] as number, layCount[r] as number);
      if (tick()) yield;
    }
    for (const p of backs) {
      const s = this.selIndex.get(p.selectionId) as number;
      const q = (this.backBase[s] as number) + (this.backLen[s] as number);
      this.writeBack(q, this.bmCode(p.bookmaker), p.odds, p.boostedFrom ?? 0, p.maxStake ?? 0);
      this.backLen[s] = (this.backLen[s] as number) + 1;
      if (tick()) yield;
    }
    for (const p of lays) {
      const s = this.selIndex.get(p.selectionId) as number;
      const q = (this.layBase[s] as number) + (this.layLen[s] as number);
      this.writeLay(q, this.exCode(p.exchange), p.odds, p.liquidity, p.commission);
      this.layLen[s] = (this.layLen[s] as number) + 1;
      if (tick()) yield;
    }
    const sels = Math.max(1, Math.min(this.nSel, Math.floor(size / 4) || 1));
    for (let from = 0; from < this.nSel; from += sels) {
      this.fillPairsOf(from, Math.min(this.nSel, from + sels));
      if (from + sels < this.nSel && tick(sels * 4)) yield;
    }
    if (done > 0 && size !== Infinity) {
      done = 0;
      yield;
    }
    yield* this.rankAllSteps(size * 64);
  }
}
