import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WageringInput } from '@matchkit/sdk/casino';
import { isValidationError } from '@matchkit/sdk/errors';
import { useWageringSimulation, type UseWageringSimulationOptions, type WageringSimulationState } from './casino';

// The real simulateWagering of the sdk. Expected figures are worked by hand from slots whose every
// spin is certain, so that each run is the same and its outcome is arithmetic:
// - `even`: every spin returns its stake (multiplier 1). £20 deposit + £20 bonus, 10x the bonus =
//   20000p to wager at 100p a spin: 200 spins, the balance stays 4000p, the wagering is always
//   finished; profit 4000 − 2000 = 2000p.
// - `losing`: every spin returns nothing (multiplier 0). £10 + £10, 10x the bonus = 10000p to
//   wager at 100p: the 2000p balance is gone after 20 spins (2000p wagered), never finished,
//   final balance 0, profit −1000p.

afterEach(cleanup);

const even: WageringInput = {
  depositPence: 2000,
  bonusPence: 2000,
  wageringMultiple: 10,
  stake: 100,
  slot: { outcomes: [{ multiplier: 1, probability: 1 }] },
};
const losing: WageringInput = {
  depositPence: 1000,
  bonusPence: 1000,
  wageringMultiple: 10,
  stake: 100,
  slot: { outcomes: [{ multiplier: 0, probability: 1 }] },
};

/** A scheduler the test releases by hand: each chunk of the simulation waits for one release. */
function createGate() {
  const waiting: (() => void)[] = [];
  return {
    calls: 0,
    scheduler(): Promise<void> {
      this.calls += 1;
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    /** Lets every waiting chunk go on, then lets the promises settle. */
    async release(): Promise<void> {
      await act(async () => {
        for (const r of waiting.splice(0)) r();
        await new Promise((r) => setTimeout(r, 0));
      });
    },
    waiting: () => waiting.length,
  };
}

describe('useWageringSimulation over the real simulateWagering', () => {
  it('is idle without input and runs nothing', () => {
    const gate = createGate();
    const { result } = renderHook(() => useWageringSimulation(null, { runs: 10, seed: 1, scheduler: () => gate.scheduler() }));
    expect(result.current).toEqual({ status: 'idle', progress: undefined, result: undefined, error: undefined });
    expect(gate.calls).toBe(0);
  });

  it('reports progress chunk by chunk, then the hand-worked result of the even slot', async () => {
    const statuses: WageringSimulationState[] = [];
    const { result } = renderHook(() => {
      const state = useWageringSimulation(even, { runs: 50, seed: 7, spinsPerChunk: 1000 });
      if (statuses.at(-1) !== state) statuses.push(state);
      return state;
    });
    await waitFor(() => expect(result.current.status).toBe('done'), { timeout: 3000 });
    const done = result.current.result;
    expect(done?.runs).toBe(50);
    expect(done?.finishProbability).toBe(1);
    expect(done?.meanFinalBalance).toBe(4000);
    expect(done?.finalBalanceStandardDeviation).toBe(0);
    expect(done?.meanProfit).toBe(2000);
    expect(done?.meanWagered).toBe(20_000);
    expect(done?.meanSpins).toBe(200);
    expect(done?.expectation.requirement).toBe(20_000);

    expect(statuses[0]).toEqual({ status: 'running', progress: undefined, result: undefined, error: undefined });
    const fractions = statuses.flatMap((s) => (s.progress === undefined ? [] : [s.progress.fraction]));
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions.every((f, i) => i === 0 || f >= (fractions[i - 1] ?? 0))).toBe(true);
    expect(result.current.progress?.runsDone).toBe(50);
    expect(result.current.progress?.fraction).toBe(1);
  });

  it("bad input ends in the error state with the sdk's validation error naming the field", async () => {
    const { result } = renderHook(() => useWageringSimulation({ ...even, stake: -1 }, { runs: 10, seed: 1 }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    const error = result.current.error;
    expect(isValidationError(error)).toBe(true);
    expect(isValidationError(error) && error.issues.map((i) => i.path)).toContain('stake');
    expect(result.current.result).toBeUndefined();
  });

  it('aborts the simulation on unmount: no chunk runs after it', async () => {
    const gate = createGate();
    const { result, unmount } = renderHook(() =>
      useWageringSimulation(even, { runs: 100, seed: 1, spinsPerChunk: 200, scheduler: () => gate.scheduler() }),
    );
    expect(result.current.progress?.runsDone).toBe(1);
    await gate.release();
    expect(result.current.progress?.runsDone).toBe(2);
    const calls = gate.calls;
    unmount();
    await gate.release();
    await gate.release();
    expect(gate.calls).toBe(calls);
    expect(gate.waiting()).toBe(0);
  });

  it('new input aborts the running simulation and starts one for the new input', async () => {
    const gate = createGate();
    const options: UseWageringSimulationOptions = { runs: 20, seed: 3, spinsPerChunk: 200, scheduler: () => gate.scheduler() };
    const { result, rerender } = renderHook(({ input }) => useWageringSimulation(input, options), { initialProps: { input: even } });
    expect(result.current.progress?.runsDone).toBe(1);
    rerender({ input: losing });
    // The new run starts with no progress of the old one; its first chunk (10 runs of 20 spins) is done at once.
    expect(result.current.progress?.runs).toBe(20);
    expect(result.current.progress?.runsDone).toBe(10);
    expect(result.current.progress?.finishProbability).toBe(0);
    for (let i = 0; i < 10 && result.current.status === 'running'; i += 1) await gate.release();
    expect(result.current.status).toBe('done');
    expect(result.current.result?.finishProbability).toBe(0);
    expect(result.current.result?.meanFinalBalance).toBe(0);
    expect(result.current.result?.meanWagered).toBe(2000);
    expect(result.current.result?.meanProfit).toBe(-1000);
    expect(gate.waiting()).toBe(0);
  });

  it('an equal input and options written as new objects do not restart the simulation', async () => {
    const { result, rerender } = renderHook(({ stake }) => useWageringSimulation({ ...even, stake }, { runs: 5, seed: 9 }), {
      initialProps: { stake: 100 },
    });
    await waitFor(() => expect(result.current.status).toBe('done'));
    const done = result.current;
    rerender({ stake: 100 });
    expect(result.current).toBe(done);
    rerender({ stake: 50 });
    expect(result.current.status).toBe('running');
    await waitFor(() => expect(result.current.result?.meanSpins).toBe(400));
  });

  it('a new seed restarts the simulation; null input stops it and goes idle', async () => {
    const gate = createGate();
    const { result, rerender } = renderHook(
      ({ input, seed }: { input: WageringInput | null; seed: number }) =>
        useWageringSimulation(input, { runs: 50, seed, spinsPerChunk: 200, scheduler: () => gate.scheduler() }),
      { initialProps: { input: even as WageringInput | null, seed: 1 } },
    );
    await gate.release();
    expect(result.current.progress?.runsDone).toBe(2);
    rerender({ input: even, seed: 2 });
    expect(result.current.progress?.runsDone).toBe(1);
    rerender({ input: null, seed: 2 });
    expect(result.current.status).toBe('idle');
    const calls = gate.calls;
    await gate.release();
    expect(gate.calls).toBe(calls);
  });

  it('the same input again after a null input runs afresh, not showing the earlier result', async () => {
    const gate = createGate();
    const { result, rerender } = renderHook(
      ({ input }: { input: WageringInput | null }) =>
        useWageringSimulation(input, { runs: 2, seed: 4, spinsPerChunk: 20, scheduler: () => gate.scheduler() }),
      { initialProps: { input: losing as WageringInput | null } },
    );
    for (let i = 0; i < 5 && result.current.status === 'running'; i += 1) await gate.release();
    expect(result.current.status).toBe('done');
    rerender({ input: null });
    expect(result.current.status).toBe('idle');
    rerender({ input: losing });
    expect(result.current.status).toBe('running');
    expect(result.current.result).toBeUndefined();
    expect(result.current.progress?.runsDone).toBe(1);
    await gate.release();
    await gate.release();
    expect(result.current.status).toBe('done');
  });

  it('under StrictMode the first (discarded) run is aborted and the result is the same', async () => {
    const gate = createGate();
    const { result } = renderHook(
      () => useWageringSimulation(losing, { runs: 4, seed: 5, spinsPerChunk: 20, scheduler: () => gate.scheduler() }),
      { reactStrictMode: true },
    );
    // Two effect runs each simulated their first chunk and wait; only the second is live.
    expect(gate.waiting()).toBe(2);
    for (let i = 0; i < 10 && result.current.status === 'running'; i += 1) await gate.release();
    expect(result.current.status).toBe('done');
    expect(result.current.result?.runs).toBe(4);
    expect(result.current.result?.meanFinalBalance).toBe(0);
    expect(gate.calls).toBe(5);
  });
});
