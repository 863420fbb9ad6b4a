// One change to the member's subscription (cancel, resume, move down at renewal, take that back),
// as every button of the account page makes it: run the mutation; when the server says done, tell
// the member (a notification), read the member and their payments again, then move on (the focus
// to the plan's heading); when it refuses, keep its reason to show as an alert beside the button.
import { useState, type ReactNode } from 'react';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { MeQuery, MyPurchasesQuery, type TypedDocumentString } from '@matchkit/sdk/transport';
import { ErrorMessage } from '../../components/Status';
import { ErrorState } from '../../components/ui';
import { useNotify } from '../notifications';
import type { Outcome } from './api/billing';

export interface SubscriptionChange<Variables> {
  /**
   * Runs the change with `variables`: on success notifies `done`, calls `onOk` at once, and
   * `then` once the member has been read again.
   */
  readonly run: (variables: Variables, done: string, after?: { readonly onOk?: () => void; readonly then?: () => void }) => void;
  readonly pending: boolean;
  /** The refusal and the request's failure, as alerts (nothing when there is neither). */
  readonly problems: ReactNode;
}

/**
 * @param field The mutation's field, whose `{ ok, error }` says done or refused.
 * @param failed What a refusal without a reason says.
 */
export function useSubscriptionChange<Field extends string, Variables>(
  document: TypedDocumentString<Outcome<Field>, Variables>,
  field: Field,
  failed: string,
): SubscriptionChange<Variables> {
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMatchkitMutation(document);
  const run: SubscriptionChange<Variables>['run'] = (variables, done, after = {}) => {
    setRefusal(null);
    mutation.mutate(variables, {
      onSuccess: ({ data }) => {
        const outcome = data[field];
        if (!outcome.ok) {
          setRefusal(outcome.error?.message ?? failed);
          return;
        }
        after.onOk?.();
        notify('success', done);
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MeQuery) }),
          queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MyPurchasesQuery) }),
        ]).then(after.then);
      },
    });
  };
  return {
    run,
    pending: mutation.isPending,
    problems: (
      <>
        {refusal === null ? null : <ErrorState message={refusal} />}
        {mutation.status === 'error' ? <ErrorMessage error={mutation.error} /> : null}
      </>
    ),
  };
}
