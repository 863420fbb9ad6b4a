// Ranking a finder tool's rows, off the page's thread where the browser allows: the engines rank
// the whole feed (tens of milliseconds to a tenth of a second each, plus indexing the snapshot),
// which would otherwise be a long task every time the prices move. `rank.worker.ts` runs
// `rankRows` in a Web Worker; where there is no Worker (tests), it runs here.
import { isValidationError } from '@matchkit/sdk/errors';
import { indexMarketSnapshot, type MarketIndex, type MarketSnapshot } from '@matchkit/sdk/matching';
import { finderSpecs, type FilterValues, type FinderRunContext } from './finderSpecs';

/** What to rank: the tool, its filter values and the run's context without the market. */
export interface RankRequest {
  readonly id: number;
  readonly toolKey: string;
  /** The prices, when they changed since the last request (the worker keeps the last ones). */
  readonly market?: MarketSnapshot | undefined;
  readonly ctx: Omit<FinderRunContext, 'market'>;
  readonly values: FilterValues;
}

/** The engine's rows, or why there are none: its validation issues, or another failure's message. */
export type RankAnswer =
  | { readonly id: number; readonly kind: 'rows'; readonly rows: readonly unknown[]; readonly considered: number }
  | { readonly id: number; readonly kind: 'invalid'; readonly issues: readonly { readonly path: string; readonly message: string }[] }
  | { readonly id: number; readonly kind: 'failed'; readonly message: string };

/** A ranker holding the last prices it was given. */
export function createRanker() {
  let index: MarketIndex | null = null;
  return (request: RankRequest): RankAnswer => {
    const { id } = request;
    try {
      if (request.market !== undefined) index = indexMarketSnapshot(request.market);
      const spec = finderSpecs[request.toolKey];
      if (spec === undefined || index === null) return { id, kind: 'failed', message: `nothing to rank ${request.toolKey} with` };
      const result = spec.run({ ...request.ctx, market: index }, request.values);
      return { id, kind: 'rows', rows: result.rows, considered: result.considered };
    } catch (error) {
      if (isValidationError(error)) return { id, kind: 'invalid', issues: error.issues.map((i) => ({ path: i.path, message: i.message })) };
      return { id, kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  };
}

/** Sends requests to a worker (or ranks here without one) and hands back each answer. */
export function connectRanker(onAnswer: (answer: RankAnswer) => void): { send: (request: RankRequest) => void; close: () => void } {
  if (typeof Worker === 'undefined') {
    const rank = createRanker();
    let closed = false;
    return {
      send: (request) =>
        queueMicrotask(() => {
          if (!closed) onAnswer(rank(request));
        }),
      close: () => {
        closed = true;
      },
    };
  }
  const worker = new Worker(new URL('./rank.worker.ts', import.meta.url), { type: 'module', name: 'finder-ranker' });
  worker.onmessage = (event: MessageEvent<RankAnswer>) => onAnswer(event.data);
  return { send: (request) => worker.postMessage(request), close: () => worker.terminate() };
}
