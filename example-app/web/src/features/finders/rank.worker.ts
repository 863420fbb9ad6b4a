// The finder ranker's worker: ranks each request on the last prices it was sent (rank.ts).
import { createRanker, type RankRequest } from './rank';

const rank = createRanker();
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RankRequest>) => void) | null;
  postMessage: (message: unknown) => void;
};
scope.onmessage = (event) => scope.postMessage(rank(event.data));
