// The member's quick links from the server, and saving a new arrangement with an optimistic
// update: the bar changes at once, the server's answer replaces it, and a refusal or a failed
// request puts back what was there before, with a message saying so.
import { useCallback, useState } from 'react';
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

interface SaveContext {
  readonly previous: GraphQLResult<MyQuickLinksData> | undefined;
}

export function useQuickLinks() {
  const { queryClient } = useMatchkit();
  const query = useMatchkitQuery(MyQuickLinksQuery, VARIABLES);
  const [saveError, setSaveError] = useState<string | null>(null);

  const rollback = (context: SaveContext | undefined) => {
    if (context?.previous !== undefined) queryClient.setQueryData(LINKS_KEY, context.previous);
  };

  const save = useMatchkitMutation<SetQuickLinksData, SetQuickLinksVariables, SaveContext>(SetQuickLinksMutation, {
    mutationKey: SAVE_KEY,
    // One save at a time, in the order the member made the changes.
    scope: { id: 'quick-links' },
    onMutate: async ({ links }) => {
      await queryClient.cancelQueries({ queryKey: LINKS_KEY });
      const previous = queryClient.getQueryData<GraphQLResult<MyQuickLinksData>>(LINKS_KEY);
      if (previous !== undefined) {
        queryClient.setQueryData<GraphQLResult<MyQuickLinksData>>(LINKS_KEY, {
          ...previous,
          data: { myQuickLinks: applyInput(previous.data.myQuickLinks, links) },
        });
      }
      return { previous };
    },
    onSuccess: (result, _variables, context) => {
      const payload = result.data.setQuickLinks;
      if (!payload.ok) {
        rollback(context);
        setSaveError(payload.error?.message ?? 'Your quick links could not be saved.');
        return;
      }
      // A later change still on its way keeps its optimistic view until its own answer arrives.
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) <= 1) {
        queryClient.setQueryData<GraphQLResult<MyQuickLinksData>>(LINKS_KEY, { data: { myQuickLinks: payload.quickLinks } });
      }
    },
    onError: (error, _variables, context) => {
      rollback(context);
      setSaveError(`Your change was not saved and has been undone. ${describeError(error)}`);
    },
  });

  const { mutate } = save;
  /** Shows `next` at once and saves it. */
  const arrange = useCallback(
    (next: readonly QuickLink[]) => {
      setSaveError(null);
      mutate({ links: toInput(next) });
    },
    [mutate],
  );

  const links = query.data === undefined ? undefined : inOrder(query.data.data.myQuickLinks);
  return { query, links, arrange, saving: save.isPending, saveError };
}
