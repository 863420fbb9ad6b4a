// "Add to profit tracker": records a bet the member placed from a tool (the sdk's backLayBet or
// another tracker helper builds it) with the tool's tracker source. The bet is built when the
// button is pressed, so `placedAt` is that moment. A member without the profit tracker sees why
// the button is not there; the server refuses the bet on its own if they try anyway.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import type { NewTrackedBet } from '@matchkit/sdk/tracker';
import { RecordBetMutation, TrackedBetsQuery, TrackerTotalsQuery } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { describeError } from '../../components/errors';
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
}

export function AddToTracker({ bet, label = 'Add to profit tracker', disabled = false, name }: AddToTrackerProps) {
  const { user } = useSession();
  const access = useToolAccess({ feature: 'profitTracker' });
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const record = useMatchkitMutation(RecordBetMutation, {
    onSuccess: () => {
      setError(null);
      notify('success', 'The bet is in your profit tracker.', 'Bet recorded');
      void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(TrackedBetsQuery) });
      void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(TrackerTotalsQuery) });
    },
    onError: (e) => setError(describeError(e)),
  });
  if (user === null || user === undefined) return null;
  if (!access.allowed) {
    return (
      <p className="hint">
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
      <button
        type="button"
        onClick={press}
        disabled={disabled || record.isPending}
        aria-label={name}
        aria-describedby={error === null ? undefined : errorId}
      >
        {record.isPending ? 'Recording…' : label}
      </button>
      {error === null ? null : (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
