// The tracker's reads that the sdk's documents do not make on their own: every page of the
// member's tracked bets for a filter (the charts and the balance sheet's history need all of them,
// not the first 50; at most MAX_BETS, and the page says so when there are more), the server's
// totals per source in one request, the pushed changes gathered into one refresh, the member's
// monthly goal, and the bet as the sdk's tracker functions take it. The documents themselves are the sdk's (TrackedBetsQuery, ...).
import { useEffect } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { matchkitQueryKey, useMatchkit } from '@matchkit/react';
import {
  BalanceSheetQuery,
  TrackedBetChangedSubscription,
  TrackedBetsQuery,
  TrackerTotalsQuery,
  isTransportError,
  type GqlProfitTotals,
  type GqlTrackedBet,
  type GqlTrackedBetFilter,
  type GraphQLResult,
  type TrackedBetsQueryData,
  type TypedDocumentString,
} from '@matchkit/sdk/transport';
import { describeError, type MutationError } from '../../../components/errors';
import type { ResultConflict } from '@matchkit/sdk/errors';
import { readIssues } from '../recordBet';

/** The server's largest page (docs/server-tracker.md). */
const PAGE = 200;
/** At most this many bets are read for one view (50 pages); the page says so when there are more. */
export const MAX_BETS = 10_000;

export interface AllBets {
  readonly bets: readonly GqlTrackedBet[];
  /** Bets matching the filter on the server, over all pages. */
  readonly totalCount: number;
}

/**
 * Every tracked bet that matches `filter`, newest first, read page by page. Its query key starts
 * with the TrackedBets operation's, so whatever invalidates TrackedBets (a bet recorded from a
 * tool, a change pushed by the server) refreshes it.
 */
export function useAllTrackedBets(filter: GqlTrackedBetFilter) {
  const { transport } = useMatchkit();
  return useQuery({
    queryKey: [...matchkitQueryKey(TrackedBetsQuery), { filter, all: true }],
    queryFn: async ({ signal }): Promise<AllBets> => {
      const bets: GqlTrackedBet[] = [];
      let after: string | null = null;
      let totalCount: number;
      for (;;) {
        const result: GraphQLResult<TrackedBetsQueryData> = await transport.request(
          { query: TrackedBetsQuery, variables: { filter, first: PAGE, after } },
          { signal },
        );
        const page = result.data.trackedBets;
        bets.push(...page.nodes);
        totalCount = page.totalCount;
        if (!page.pageInfo.hasNextPage || page.pageInfo.endCursor === null || bets.length >= MAX_BETS) break;
        after = page.pageInfo.endCursor;
      }
      return { bets, totalCount };
    },
  });
}

/** One tool's totals, the server's (`trackerTotals` with the tool as the source filter). */
export interface SourceTotals {
  readonly source: string;
  readonly totals: GqlProfitTotals;
}

/**
 * One request for the server's totals of each source: `trackerTotals` once per source (aliased
 * `s0`, `s1`, …, each with the filter and that source), so the table counts every bet on the
 * server, not only the bets read into the page.
 */
export function sourceTotalsDocument(
  count: number,
): TypedDocumentString<Record<string, GqlProfitTotals>, Record<string, GqlTrackedBetFilter>> {
  const n = Array.from({ length: count }, (_, i) => i);
  return `query TrackerTotalsBySource(${n.map((i) => `$f${i}: TrackedBetFilter`).join(', ')}) {
  ${n.map((i) => `s${i}: trackerTotals(filter: $f${i}) { ...ProfitTotalsFields }`).join('\n  ')}
}
fragment ProfitTotalsFields on ProfitTotals {
  betCount staked profit pendingProfit guaranteed potential training ev
}` as TypedDocumentString<Record<string, GqlProfitTotals>, Record<string, GqlTrackedBetFilter>>;
}

/**
 * The server's totals per source for `filter` (only the filter's source when it names one), the
 * sources with no bet left out. Its key starts with TrackerTotals', so invalidateTracker refreshes it.
 */
export function useSourceTotals(filter: GqlTrackedBetFilter, sources: readonly string[]) {
  const { transport } = useMatchkit();
  const asked = filter.source === undefined || filter.source === null ? sources : sources.filter((s) => s === filter.source);
  return useQuery({
    queryKey: [...matchkitQueryKey(TrackerTotalsQuery), { filter, bySource: asked }],
    queryFn: async ({ signal }): Promise<readonly SourceTotals[]> => {
      if (asked.length === 0) return [];
      const variables = Object.fromEntries(asked.map((source, i) => [`f${i}`, { ...filter, source }]));
      const result = await transport.request({ query: sourceTotalsDocument(asked.length), variables }, { signal });
      return asked.flatMap((source, i) => {
        const totals = result.data[`s${i}`];
        return totals === undefined || totals.betCount === 0 ? [] : [{ source, totals }];
      });
    },
  });
}

/** How long a burst of pushed changes is gathered before the tracker refreshes once. */
export const LIVE_REFRESH_DELAY_MS = 1_000;

/**
 * Changes the server pushes (`trackedBetChanged`: another tab or device, a tool's "Add to profit
 * tracker", each bet of an import) refresh what the page shows, once per burst: the changes are
 * gathered for `delayMs` after the last one, so an import of 500 bets re-reads the bets (up to 50
 * pages) once, not 500 times.
 */
export function useLiveTrackerChanges(delayMs = LIVE_REFRESH_DELAY_MS): void {
  const { subscriptions, queryClient } = useMatchkit();
  useEffect(() => {
    if (subscriptions === undefined) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscriptions.subscribe(
      { query: TrackedBetChangedSubscription },
      {
        next: () => {
          if (timer !== undefined) clearTimeout(timer);
          timer = setTimeout(() => {
            timer = undefined;
            invalidateTracker(queryClient);
          }, delayMs);
        },
        // A closed subscription leaves the page as it is: a reload or a refetch on focus catches up.
        error: () => undefined,
        complete: () => undefined,
      },
    );
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      unsubscribe();
    };
  }, [subscriptions, queryClient, delayMs]);
}

/** Everything the tracker and the balance sheet show is stale after a change to a bet or an entry. */
export function invalidateTracker(queryClient: QueryClient): void {
  for (const document of [TrackedBetsQuery, TrackerTotalsQuery, BalanceSheetQuery]) {
    void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(document) });
  }
}

export interface TrackerGoalData {
  readonly me: { readonly goal: string | null } | null;
}

/** The member's monthly target (an id of the brand's onboarding goals), chosen at onboarding or in the tracker. */
export const TrackerGoalQuery = `query TrackerGoal { me { goal } }` as TypedDocumentString<TrackerGoalData, Record<string, never>>;

export interface SetTrackerGoalData {
  readonly setGoal: {
    readonly ok: boolean;
    readonly error: MutationError | null;
    readonly user: { readonly goal: string | null } | null;
  };
}

/** Changes the member's monthly target: the server's setGoal, which onboarding uses too. */
export const SetTrackerGoalMutation = `mutation SetTrackerGoal($goal: String!) {
  setGoal(goal: $goal) { ok error { code message field } user { goal } }
}` as TypedDocumentString<SetTrackerGoalData, { readonly goal: string }>;

/** "leg 2", "legs 2 and 3", "legs 2, 3 and 4": 0-based indices as members count legs. */
function legList(indices: readonly number[]): string {
  const names = indices.map((n) => String(n + 1));
  if (names.length === 1) return `leg ${names[0] ?? ''}`;
  return `legs ${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** A conflict in a member's words: "Leg 1 (back) and leg 2 (lay) can't both win." */
export function conflictText(conflict: ResultConflict): string {
  const lays = `${legList(conflict.lays)} (${conflict.lays.length === 1 ? 'lay' : 'lays'})`;
  const verb = conflict.result === 'won' ? 'win' : 'lose';
  return `Leg ${conflict.back + 1} (back) and ${lays} can’t ${conflict.lays.length === 1 ? 'both' : 'all'} ${verb}.`;
}

/**
 * What to show for a failed tracker request. The tracker's mutations refuse bad input with the
 * GraphQL error BAD_INPUT whose message is the sdk's validation message naming each bad field
 * (docs/server-tracker.md), and whose `extensions.issues` lists them structured. Results that
 * cannot happen together carry the legs (`conflict`): those are worded here for members, once per
 * conflict. Other bad input shows the sdk's message; anything else as usual.
 */
export function trackerError(error: unknown): string {
  if (isTransportError(error) && error.kind === 'graphql') {
    const first = error.graphQLErrors[0];
    if (first?.extensions?.['code'] === 'BAD_INPUT' && typeof first.message === 'string') {
      const issues = readIssues(first.extensions['issues']) ?? [];
      const conflicts = issues.flatMap((i) => (i.conflict === undefined ? [] : [conflictText(i.conflict)]));
      if (conflicts.length > 0 && conflicts.length === issues.length) return [...new Set(conflicts)].join(' ');
      return first.message;
    }
  }
  return describeError(error);
}
