// A signed-in member's own "completed" mark on an offer (setOfferCompleted). Signed out, nothing
// is shown: the flag is the member's own record, not a call to act.
import { useId, useState } from 'react';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { OffersQuery, SetOfferCompletedMutation } from '@matchkit/sdk/transport';
import { OfferOrGuideQuery } from './api/offer-or-guide';
import { describeError } from '../../components/errors';
import { useSession } from '../session';

export function OfferCompleted({ slug, title, completed }: { readonly slug: string; readonly title: string; readonly completed: boolean }) {
  const { user } = useSession();
  const { queryClient } = useMatchkit();
  const id = useId();
  const mark = useMatchkitMutation(SetOfferCompletedMutation, {
    // Every list and page showing offers reads the new flag from the server.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: matchkitQueryKey(OffersQuery) }),
        queryClient.invalidateQueries({ queryKey: matchkitQueryKey(OfferOrGuideQuery) }),
      ]),
  });
  // What the member just chose, set in the change event itself (so React keeps the box as clicked,
  // instead of restoring the old value until the mutation's state arrives), until the server's
  // answer and the refreshed lists are in.
  const [chosen, setChosen] = useState<boolean | null>(null);
  if (user === null || user === undefined) return null;
  const shown = chosen ?? completed;
  return (
    <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
      <input
        id={id}
        type="checkbox"
        className="size-5 accent-accent"
        checked={shown}
        disabled={mark.isPending}
        onChange={(event) => {
          setChosen(event.target.checked);
          mark.mutate({ slug, completed: event.target.checked }, { onSettled: () => setChosen(null) });
        }}
        aria-describedby={mark.isError ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>
        Completed<span className="visually-hidden">: {title}</span>
      </label>
      {mark.isError ? (
        <p id={`${id}-error`} className="m-0 basis-full text-sm text-danger" role="alert">
          {describeError(mark.error)}
        </p>
      ) : null}
    </div>
  );
}
