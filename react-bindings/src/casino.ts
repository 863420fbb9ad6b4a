import { useEffect, useRef, useState } from 'react';
import {
  simulateWagering,
  type SimulateWageringOptions,
  type WageringInput,
  type WageringProgress,
  type WageringResult,
} from '@matchkit/sdk/casino';
import { contentKey } from './content-key';

/**
 * The options of {@link useWageringSimulation}: those of the sdk's `simulateWagering` except
 * `signal` and `onProgress`, which the hook supplies (it cancels on unmount and on new input, and
 * its state carries the progress).
 *
 * @example
 * ```ts
 * import type { UseWageringSimulationOptions } from '@matchkit/react';
 * const options: UseWageringSimulationOptions = { runs: 20_000, seed: 2025 };
 * ```
 */
export type UseWageringSimulationOptions = Omit<SimulateWageringOptions, 'signal' | 'onProgress'>;

/**
 * Where a simulation run by {@link useWageringSimulation} stands:
 * `idle` (no input), `running`, `done` (`result` set) or `error` (`error` set).
 *
 * @example
 * ```ts
 * import type { WageringSimulationStatus } from '@matchkit/react';
 * const busy = (s: WageringSimulationStatus) => s === 'running';
 * ```
 */
export type WageringSimulationStatus = 'idle' | 'running' | 'done' | 'error';

/**
 * What {@link useWageringSimulation} returns for the current input and options. When they change,
 * it starts again from `running` with no progress, result or error.
 *
 * @example
 * ```tsx
 * import type { WageringSimulationState } from '@matchkit/react';
 *
 * function Progress({ sim }: { sim: WageringSimulationState }) {
 *   return <progress value={sim.progress?.fraction ?? 0} max={1} />;
 * }
 * ```
 */
export interface WageringSimulationState {
  /** `idle`, `running`, `done` or `error`. */
  readonly status: WageringSimulationStatus;
  /**
   * The latest progress report (runs done, fraction, estimates so far), `undefined` before the
   * first; it stays at the last report once the simulation is done or failed.
   */
  readonly progress: WageringProgress | undefined;
  /** The simulation's result once `status` is `done`. */
  readonly result: WageringResult | undefined;
  /**
   * Why the simulation failed once `status` is `error`: the sdk's `MatchkitValidationError`
   * naming every bad field of the input and options (check it with `isMatchkitError`), or what a
   * custom `scheduler` threw. Cancellation by the hook is never reported.
   */
  readonly error: unknown;
}

const IDLE: WageringSimulationState = Object.freeze({ status: 'idle', progress: undefined, result: undefined, error: undefined });
const STARTING: WageringSimulationState = Object.freeze({ status: 'running', progress: undefined, result: undefined, error: undefined });

/**
 * Runs the sdk's `simulateWagering` for `input` while the component is mounted, and returns its
 * progress, then its result or its error. The simulation runs in chunks that yield to the event
 * loop, so the page stays responsive, and it is cancelled (its `AbortSignal` aborted) when the
 * component unmounts or the input or the options change, a new one then starting for the new
 * values. Input and options are compared by content, not identity, so an inline object does not
 * restart the simulation on every render; `scheduler` is not compared (the one passed when a run
 * starts is used). Pass `null` as the input to run nothing (a form not filled in yet). Results
 * are seeded: the same input, options and seed give the same result.
 *
 * @param input - the offer and how it is played (money in integer pence), or `null` / `undefined`
 * to run nothing
 * @param options - runs, seed and the other simulation options, see
 * {@link UseWageringSimulationOptions}
 * @returns the status, the latest progress, and the result or the error
 *
 * @example
 * ```tsx
 * import type { WageringInput } from '@matchkit/sdk/casino';
 * import { useWageringSimulation } from '@matchkit/react';
 *
 * function WageringOdds({ offer }: { offer: WageringInput | null }) {
 *   const sim = useWageringSimulation(offer, { runs: 20_000, seed: 2025 });
 *   switch (sim.status) {
 *     case 'idle': return <p>Enter the offer to simulate it.</p>;
 *     case 'running': return <progress value={sim.progress?.fraction ?? 0} max={1} />;
 *     case 'error': return <p role="alert">{sim.error instanceof Error ? sim.error.message : 'Simulation failed'}</p>;
 *     case 'done': return <p>You finish the wagering {((sim.result?.finishProbability ?? 0) * 100).toFixed(1)}% of the time.</p>;
 *   }
 * }
 * ```
 */
export function useWageringSimulation(
  input: WageringInput | null | undefined,
  options: UseWageringSimulationOptions,
): WageringSimulationState {
  const idle = input === null || input === undefined;
  const { scheduler: _scheduler, ...compared } = options;
  const key = idle ? null : contentKey([input, compared]);
  const [state, setState] = useState<{ key: string; value: WageringSimulationState } | null>(null);

  // The input and options of the last commit, read when a run starts; the effect depends on their
  // content (key), not on the objects.
  const latest = useRef({ input, options });
  useEffect(() => {
    latest.current = { input, options };
  });

  useEffect(() => {
    const run = latest.current;
    if (key === null || run.input === null || run.input === undefined) return undefined;
    const controller = new AbortController();
    const update = (next: (previous: WageringSimulationState) => WageringSimulationState): void => {
      if (controller.signal.aborted) return;
      setState((s) => ({ key, value: next(s !== null && s.key === key ? s.value : STARTING) }));
    };
    simulateWagering(run.input, {
      ...run.options,
      signal: controller.signal,
      onProgress: (progress) => update((previous) => ({ ...previous, progress })),
    }).then(
      (result) => update((previous) => ({ ...previous, status: 'done', result })),
      (error: unknown) => update((previous) => ({ ...previous, status: 'error', error })),
    );
    return () => {
      controller.abort();
      // What this run reported is not the next one's: a run for the same input again (after a
      // `null` input, or strict mode's second effect) starts from `running` with nothing.
      setState(null);
    };
  }, [key]);

  if (key === null) return IDLE;
  return state !== null && state.key === key ? state.value : STARTING;
}
