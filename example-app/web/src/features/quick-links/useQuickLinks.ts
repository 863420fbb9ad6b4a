// The member's quick links from the server, and saving a new arrangement with an optimistic
// update: the bar changes at once, the server's answer replaces it, and a refusal or a failed
// request puts back what was there before, with a message saying so.
import { useCallback, useRef, useState } from 'react';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import type { GraphQLResult } from '@matchkit/sdk/transport';
import { describeError } from '../../components/errors';
import {
  MyQuickLinksQuery,
  SetQuickLinksMutation,
  type MyQuickLinksData,
  type QuickLink,
  type SetQuickLinksData,
  type SetQuickLinksVariables,
} from './api/quickLinks';
import { applyInput, inOrder, toInput } from './arrangement';

const VARIABLES = {};
const LINKS_KEY = matchkitQueryKey(MyQuickLinksQuery, VARIABLES);
const SAVE_KEY = ['SetQuickLinks'];

/** A save on its way: what it sends, and what to put back if it is refused or fails. */
interface SaveContext {
  readonly variables: SetQuickLinksVariables;
  previous: GraphQLResult<MyQuickLinksData> | undefined;
}

export function useQuickLinks() {
  const { queryClient } = useMatchkit();
  const query = useMatchkitQuery(MyQuickLinksQuery, VARIABLES);
  const [saveError, setSaveError] = useState<string | null>(null);
  // The saves on their way, oldest first. A change is shown when the member makes it, even while
  // an earlier save of the same scope is still settling (its mutation starts only then).
  const pending = useRef<SaveContext[]>([]);

  /** Ends `context`: the next save on its way now stands on `settled` instead of this change. */
  const settle = (context: SaveContext | undefined, settled: GraphQLResult<MyQuickLinksData> | undefined) => {
    if (context === undefined) return;
    const i = pending.current.indexOf(context);
    if (i === -1) return;
    pending.current.splice(i, 1);
    const later = pending.current[i];
    if (later !== undefined) later.previous = settled;
    // A later change still on its way keeps its view until its own answer arrives.
    else if (settled !== undefined) queryClient.setQueryData(LINKS_KEY, settled);
  };

  const save = useMatchkitMutation<SetQuickLinksData, SetQuickLinksVariables, SaveContext | undefined>(SetQuickLinksMutation, {
    mutationKey: SAVE_KEY,
    // One save at a time, in the order the member made the changes.
    scope: { id: 'quick-links' },
    onMutate: (variables) => pending.current.find((p) => p.variables === variables),
    onSuccess: (result, _variables, context) => {
      const payload = result.data.setQuickLinks;
      if (!payload.ok) {
        settle(context, context?.previous);
        setSaveError(payload.error?.message ?? 'Your quick links could not be saved.');
        return;
      }
      settle(context, { data: { myQuickLinks: payload.quickLinks } });
    },
    onError: (error, _variables, context) => {
      settle(context, context?.previous);
      setSaveError(`Your change was not saved and has been undone. ${describeError(error)}`);
    },
  });

  const { mutate } = save;
  /** Shows `next` at once and saves it. */
  const arrange = useCallback(
    (next: readonly QuickLink[]) => {
      setSaveError(null);
      // A fetch of the links still on its way must not overwrite the change shown.
      void queryClient.cancelQueries({ queryKey: LINKS_KEY });
      const previous = queryClient.getQueryData<GraphQLResult<MyQuickLinksData>>(LINKS_KEY);
      const variables = { links: toInput(next) };
      if (previous !== undefined) {
        queryClient.setQueryData<GraphQLResult<MyQuickLinksData>>(LINKS_KEY, {
          ...previous,
          data: { myQuickLinks: applyInput(previous.data.myQuickLinks, variables.links) },
        });
      }
      pending.current.push({ variables, previous });
      mutate(variables);
    },
    [mutate, queryClient],
  );

  const links = query.data === undefined ? undefined : inOrder(query.data.data.myQuickLinks);
  return { query, links, arrange, saving: save.isPending, saveError };
}
