// A signed-in member's own "completed" mark on an offer (setOfferCompleted). Signed out, nothing
// is shown: the flag is the member's own record, not a call to act.
import { useId } from 'react';
import { useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { SetOfferCompletedMutation } from '@matchkit/sdk/transport';
import { describeError } from '../../components/errors';
import { useSession } from '../session/session';

export function OfferCompleted({ slug, title, completed }: { readonly slug: string; readonly title: string; readonly completed: boolean }) {
  const { user } = useSession();
  const { queryClient } = useMatchkit();
  const id = useId();
  const mark = useMatchkitMutation(SetOfferCompletedMutation, {
    // Every list and page showing offers reads the new flag from the server.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['Offers'] }),
        queryClient.invalidateQueries({ queryKey: ['OfferOrGuide'] }),
      ]),
  });
  if (user === null || user === undefined) return null;
  const shown = mark.isPending && mark.variables !== undefined ? mark.variables.completed : completed;
  return (
    <div className="offer-completed">
      <input
        id={id}
        type="checkbox"
        checked={shown}
        disabled={mark.isPending}
        onChange={(event) => mark.mutate({ slug, completed: event.target.checked })}
        aria-describedby={mark.isError ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>
        Completed<span className="visually-hidden">: {title}</span>
      </label>
      {mark.isError ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {describeError(mark.error)}
        </p>
      ) : null}
    </div>
  );
}
