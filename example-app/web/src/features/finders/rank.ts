// Ranking a finder tool's rows, off the page's thread where the browser allows: the engines rank
// the whole feed (tens of milliseconds to a tenth of a second each, plus indexing the snapshot),
// which would otherwise be a long task every time the prices move. `rank.worker.ts` runs
// `rankRows` in a Web Worker; where there is no Worker (tests), or the worker fails, it runs here.
import { isValidationError } from '@matchkit/sdk/errors';
import { indexMarketSnapshot, type MarketIndex, type MarketSnapshot } from '@matchkit/sdk/matching';
import { finderSpecs, type FilterValues, type FinderRunContext } from './specs';

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

type Ranker = { send: (request: RankRequest) => void; close: () => void };

/** Ranks on the page's thread, answering each request after the current task. */
function rankHere(onAnswer: (answer: RankAnswer) => void): Ranker {
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

/**
 * Sends requests to a worker (or ranks here without one) and hands back each answer. When the
 * worker fails (its chunk does not load, say after a new version was deployed since the page
 * opened, or it throws, or a message cannot be read), the ranking moves to the page's thread:
 * the request still unanswered is ranked there on the last prices sent, and so is every later one.
 */
export function connectRanker(onAnswer: (answer: RankAnswer) => void): Ranker {
  if (typeof Worker === 'undefined') return rankHere(onAnswer);
  let lastMarket: MarketSnapshot | undefined;
  let unanswered: RankRequest | undefined;
  let here: Ranker | null = null;
  let primed = false;
  let closed = false;
  const worker = new Worker(new URL('./rank.worker.ts', import.meta.url), { type: 'module', name: 'finder-ranker' });
  const sendHere = (ranker: Ranker, request: RankRequest) => {
    ranker.send(primed || request.market !== undefined ? request : { ...request, market: lastMarket });
    primed = true;
  };
  const fallBack = () => {
    if (here !== null || closed) return;
    worker.terminate();
    here = rankHere(onAnswer);
    if (unanswered !== undefined) sendHere(here, unanswered);
    unanswered = undefined;
  };
  worker.onmessage = (event: MessageEvent<RankAnswer>) => {
    if (here !== null) return;
    if (event.data.id === unanswered?.id) unanswered = undefined;
    onAnswer(event.data);
  };
  worker.onerror = (event: Event) => {
    event.preventDefault();
    fallBack();
  };
  worker.onmessageerror = fallBack;
  return {
    send: (request) => {
      if (request.market !== undefined) lastMarket = request.market;
      if (here !== null) return sendHere(here, request);
      unanswered = request;
      worker.postMessage(request);
    },
    close: () => {
      closed = true;
      worker.terminate();
      here?.close();
    },
  };
}
