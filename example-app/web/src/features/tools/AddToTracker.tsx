// "Add to profit tracker": records a bet the member placed from a tool (the sdk's backLayBet or
// another tracker helper builds it) with the tool's tracker source. The bet is built when the
// button is pressed, so `placedAt` is that moment. A member without the profit tracker sees why
// the button is not there; the server refuses the bet on its own if they try anyway. With
// `settled`, a bet whose legs' results are already known (a casino session) is settled at once
// with those results, so it never shows as an open bet.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import type { NewTrackedBet } from '@matchkit/sdk/tracker';
import { RecordBetMutation, SettleBetMutation, TrackedBetsQuery, TrackerTotalsQuery } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { describeError } from '../../components/errors';
import { Button } from '../../components/ui';
import { useNotify } from '../notifications';
import { useSession } from '../session';
import { useToolAccess } from './ToolGate';

export interface AddToTrackerProps {
  /** Builds the bet to record, at the moment the member presses the button; throws a validation error for bad input. */
  readonly bet: () => NewTrackedBet;
  /** The button's text. @defaultValue 'Add to profit tracker' */
  readonly label?: string;
  /** Disables the button (for example while the calculation has errors). */
  readonly disabled?: boolean;
  /** The button's accessible name when several are on one page (it should start with the label: "Add to tracker: Arsenal at bet-co"). @defaultValue the label */
  readonly name?: string;
  /** Settles the bet as soon as it is recorded, with the results on its legs, at its `placedAt` (every result must be known). @defaultValue false */
  readonly settled?: boolean;
}

export function AddToTracker({ bet, label = 'Add to profit tracker', disabled = false, name, settled = false }: AddToTrackerProps) {
  const { user } = useSession();
  const access = useToolAccess({ feature: 'profitTracker' });
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const recorded = () => {
    setError(null);
    notify('success', 'The bet is in your profit tracker.', 'Bet recorded');
    void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(TrackedBetsQuery) });
    void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(TrackerTotalsQuery) });
  };
  const settle = useMatchkitMutation(SettleBetMutation, {
    onSuccess: recorded,
    onError: (e) => setError(`The bet is recorded but still open: ${describeError(e)}`),
  });
  const record = useMatchkitMutation(RecordBetMutation, {
    onSuccess: (result, { input }) => {
      const id = result.data?.recordBet.id;
      if (settled && id !== undefined) settle.mutate({ input: { id, settledAt: input.placedAt } });
      else recorded();
    },
    onError: (e) => setError(describeError(e)),
  });
  const pending = record.isPending || settle.isPending;
  if (user === null || user === undefined) return null;
  if (!access.allowed) {
    return (
      <p className="m-0 text-sm text-muted">
        Your plan does not include the profit tracker. <Link to={paths.pro}>Compare plans</Link>
      </p>
    );
  }
  const press = () => {
    let input: NewTrackedBet;
    try {
      input = bet();
    } catch (e) {
      setError(describeError(e));
      return;
    }
    record.mutate({ input });
  };
  return (
    <div className="add-to-tracker">
      <Button onClick={press} disabled={disabled || pending} aria-label={name} aria-describedby={error === null ? undefined : errorId}>
        {pending ? 'Recording…' : label}
      </Button>
      {error === null ? null : (
        <p className="mt-1 mb-0 text-sm text-danger" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
