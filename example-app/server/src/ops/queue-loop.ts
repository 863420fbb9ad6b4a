// The run loop of a durable queue's worker (the mail worker, the push worker): woken by a NOTIFY on
// the queue's channel (its insert trigger's, once the transaction commits) and by a poll, it
// handles due rows one at a time until none is due. One run at a time per worker: a wake during a
// run asks for one more run after it, which sees what was queued meanwhile.
import type { Database } from '../db/client';

/** A queue worker's loop. */
export interface QueueLoop {
  /** Listens on the channel and starts polling. */
  start(): Promise<void>;
  /** Handles what is due now; resolves with how many rows were sent. Used by start's loop and tests. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
}

export interface QueueLoopOptions {
  readonly database: Database;
  /** The channel the queue's insert trigger notifies. */
  readonly channel: string;
  readonly pollMs: number;
  /** Claims and handles one due row: null when none is due, else whether it was sent. */
  readonly next: () => Promise<boolean | null>;
  /** A run that failed (logged by the worker; the next wake or poll tries again). */
  readonly onError: (error: unknown) => void;
}

export function createQueueLoop(options: QueueLoopOptions): QueueLoop {
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;

  async function drain(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const outcome = await options.next();
      if (outcome === null) break;
      if (outcome) sent++;
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    if (running !== null) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        wake();
      }
    });
    return running;
  }

  function wake(): void {
    if (stopped) return;
    runOnce().catch(options.onError);
  }

  return {
    async start() {
      stopped = false;
      unlisten = await options.database.listen(options.channel, wake);
      timer = setInterval(wake, options.pollMs);
      timer.unref();
      wake();
    },
    runOnce,
    async stop() {
      stopped = true;
      if (timer !== null) clearInterval(timer);
      timer = null;
      await unlisten?.();
      unlisten = null;
      await running?.catch(() => 0);
    },
  };
}
