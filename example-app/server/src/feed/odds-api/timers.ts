// Timers as a provider takes them, so that tests fire them by hand instead of sleeping.

/** A timer handle, opaque. */
export type TimerHandle = unknown;

/** setTimeout and clearTimeout, injectable. */
export interface Timers {
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Node's timers; a pending one does not keep the process alive (stop() clears it anyway). */
export const systemTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
