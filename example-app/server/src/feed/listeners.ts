// A feed's patch listeners: added and removed by onPatch, each called with every patch; one that
// throws is logged and the others are still called.
import type { FeedPatch } from '@matchkit/sdk/feed';
import type { Logger } from '../logger';

/** The listeners of one feed. */
export interface PatchListeners {
  /** FeedSource.onPatch: adds `listener`, returns the function that removes it. */
  add(listener: (p: FeedPatch) => void): () => void;
  /** Calls every listener with `patch`. */
  emit(patch: FeedPatch): void;
}

/** Listeners whose failures go to `logger`. */
export function patchListeners(logger: Pick<Logger, 'error'>): PatchListeners {
  const listeners = new Set<(p: FeedPatch) => void>();
  return {
    add(listener) {
      const own = (p: FeedPatch) => listener(p);
      listeners.add(own);
      return () => {
        listeners.delete(own);
      };
    },
    emit(patch) {
      for (const listener of [...listeners]) {
        try {
          listener(patch);
        } catch (error) {
          logger.error({ err: error, seq: patch.seq }, 'a feed patch listener failed');
        }
      }
    },
  };
}
