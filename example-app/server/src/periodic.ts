// A pass a module runs on a timer while the server runs (the commission-payable and weekly-summary
// mail): once at start, then every `intervalMs`, one run at a time in a process. The pass itself
// must be safe on several processes at once (each claims what it sends under a unique key in the
// database), so the timer holds no state a restart would lose.
import type { Logger } from './logger';

/** A pass on a timer: start() with the module, stop() waits for a run in progress. */
export interface PeriodicPass {
  start(): void;
  stop(): Promise<void>;
}

/** Runs `run` at start and every `intervalMs` (skipped while the previous run is still going); a failure is logged as `name`. */
export function periodicPass(name: string, intervalMs: number, logger: Logger, run: () => Promise<unknown>): PeriodicPass {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running !== null) return;
    running = run()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
