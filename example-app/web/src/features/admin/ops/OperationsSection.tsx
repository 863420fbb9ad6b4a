// Admin > Operations: how the product's moving parts are doing now: the odds feed's sources (each
// provider's state and since when, adminFeedStatus), the mail and push queues by state (how many
// messages, and how long the oldest waiting one has waited), and the last seven days' delivery
// errors by error, most frequent first; and the analytics forward queue (ANALYTICS_FORWARD_URL),
// with a way to send the events the provider refused again once the cause is fixed.
import { useEffect, useId, useRef, useState } from 'react';
import { feedProviderLabel, type FeedProviderState } from '@matchkit/app-contract';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery, useNow } from '@matchkit/react';
import { describeError } from '../../../components/errors';
import { QueryState } from '../../../components/Status';
import { Badge, Button, Card, ErrorState, FactList, FactRow, type BadgeTone, Table, Td, Th } from '../../../components/ui';
import { adminDateTime, ageInWords } from '../format';
import {
  AdminAnalyticsForwardingQuery,
  AdminFeedStatusQuery,
  AdminQueueDepthsQuery,
  AdminQueueErrorsQuery,
  AdminRetryRefusedAnalyticsMutation,
} from '../generated/operations';

/** Refetched this often while the tab is open. */
const REFRESH_MS = 30_000;
const H2 = 'm-0 mb-3 text-xl font-semibold';

const QUEUES = [
  { queue: 'mail', label: 'Mail' },
  { queue: 'push', label: 'Push' },
] as const;
const STATES = [
  { state: 'queued', label: 'Queued' },
  { state: 'sending', label: 'Sending' },
  { state: 'sent', label: 'Sent' },
  { state: 'failed', label: 'Failed' },
] as const;

const STATE_TONE: Readonly<Record<FeedProviderState, BadgeTone>> = {
  live: 'success',
  starting: 'neutral',
  degraded: 'warning',
  down: 'danger',
};
const STATE_LABEL: Readonly<Record<FeedProviderState, string>> = { live: 'Live', starting: 'Starting', degraded: 'Degraded', down: 'Down' };

export function OperationsSection() {
  return (
    <div className="grid gap-4">
      <FeedSources />
      <QueueDepths />
      <QueueErrors />
      <AnalyticsForwarding />
    </div>
  );
}

function FeedSources() {
  const headingId = useId();
  const now = useNow(REFRESH_MS);
  const query = useMatchkitQuery(AdminFeedStatusQuery, {}, { refetchInterval: REFRESH_MS });
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Odds feed
      </h2>
      <QueryState query={query} loadingLabel="Loading the feed's sources…">
        {({ data: { adminFeedStatus } }) =>
          adminFeedStatus.simulated ? (
            <p className="m-0">The prices are simulated: no real provider is behind the feed, so there is nothing to watch.</p>
          ) : adminFeedStatus.providers.length === 0 ? (
            <p className="m-0">No provider has reported yet.</p>
          ) : (
            <Table caption="The feed's sources" captionHidden tableClassName="min-w-2xl">
              <thead>
                <tr>
                  <Th>Source</Th>
                  <Th>State</Th>
                  <Th>Since</Th>
                  <Th>What members read</Th>
                </tr>
              </thead>
              <tbody>
                {adminFeedStatus.providers.map((p) => (
                  <tr key={p.provider}>
                    <Th scope="row">
                      {feedProviderLabel(p.provider)} <span className="font-normal text-muted">({p.provider})</span>
                    </Th>
                    <Td>
                      <Badge tone={STATE_TONE[p.state as FeedProviderState] ?? 'neutral'}>
                        {STATE_LABEL[p.state as FeedProviderState] ?? p.state}
                      </Badge>
                    </Td>
                    <Td>
                      {adminDateTime(p.since)} ({ageInWords(now - Date.parse(p.since))})
                    </Td>
                    <Td>{p.detail ?? '—'}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
    </Card>
  );
}

function QueueDepths() {
  const headingId = useId();
  const now = useNow(REFRESH_MS);
  const query = useMatchkitQuery(AdminQueueDepthsQuery, {}, { refetchInterval: REFRESH_MS });
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Delivery queues
      </h2>
      <QueryState query={query} loadingLabel="Loading the queues…">
        {({ data: { adminQueueDepths } }) => {
          const depth = (queue: string, state: string) => adminQueueDepths.find((d) => d.queue === queue && d.state === state);
          return (
            <Table caption="Messages in the mail and push queues by state" captionHidden tableClassName="min-w-2xl">
              <thead>
                <tr>
                  <Th>Queue</Th>
                  {STATES.map((s) => (
                    <Th key={s.state} numeric>
                      {s.label}
                    </Th>
                  ))}
                  <Th>Oldest waiting</Th>
                </tr>
              </thead>
              <tbody>
                {QUEUES.map(({ queue, label }) => {
                  const oldest = depth(queue, 'queued')?.oldestAt ?? null;
                  return (
                    <tr key={queue}>
                      <Th scope="row">{label}</Th>
                      {STATES.map((s) => (
                        <Td key={s.state} numeric>
                          {(depth(queue, s.state)?.count ?? 0).toLocaleString('en-GB')}
                        </Td>
                      ))}
                      <Td>
                        {oldest === null ? 'None waiting' : `${ageInWords(now - Date.parse(oldest))} (since ${adminDateTime(oldest)})`}
                      </Td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          );
        }}
      </QueryState>
    </Card>
  );
}

function QueueErrors() {
  const headingId = useId();
  const query = useMatchkitQuery(AdminQueueErrorsQuery, {}, { refetchInterval: REFRESH_MS });
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Delivery errors this week
      </h2>
      <QueryState query={query} loadingLabel="Loading the errors…">
        {({ data: { adminQueueErrors } }) =>
          adminQueueErrors.length === 0 ? (
            <p className="m-0">No message failed to send in the last seven days.</p>
          ) : (
            <Table caption="Delivery errors of the last seven days" captionHidden tableClassName="min-w-2xl">
              <thead>
                <tr>
                  <Th>Error</Th>
                  <Th>Queue</Th>
                  <Th numeric>Messages</Th>
                  <Th>Latest</Th>
                </tr>
              </thead>
              <tbody>
                {adminQueueErrors.map((e) => (
                  <tr key={`${e.queue} ${e.error}`}>
                    <Th scope="row" className="font-normal break-all">
                      <code>{e.error}</code>
                    </Th>
                    <Td>{QUEUES.find((q) => q.queue === e.queue)?.label ?? e.queue}</Td>
                    <Td numeric>{e.count.toLocaleString('en-GB')}</Td>
                    <Td>{adminDateTime(e.lastAt)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
    </Card>
  );
}

function AnalyticsForwarding() {
  const headingId = useId();
  const now = useNow(REFRESH_MS);
  const query = useMatchkitQuery(AdminAnalyticsForwardingQuery, {}, { refetchInterval: REFRESH_MS });
  const { queryClient } = useMatchkit();
  const retry = useMatchkitMutation(AdminRetryRefusedAnalyticsMutation);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Once done the button is disabled (nothing is refused any more): the focus goes to what it says.
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done !== null) said.current?.focus();
  }, [done]);
  const sendAgain = () => {
    if (retry.isPending) return;
    setDone(null);
    setProblem(null);
    retry.mutate(
      {},
      {
        onSuccess: async ({ data }) => {
          await queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminAnalyticsForwardingQuery) });
          const n = data.adminRetryRefusedAnalytics;
          setDone(n === 1 ? '1 event will be sent again.' : `${n.toLocaleString('en-GB')} events will be sent again.`);
        },
        onError: (error) => setProblem(describeError(error)),
      },
    );
  };
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Analytics forwarding
      </h2>
      <QueryState query={query} loadingLabel="Loading the forward queue…">
        {({ data: { adminAnalyticsForwarding: f } }) =>
          !f.configured ? (
            <p className="m-0">
              Forwarding is off: events are stored here only. Set <code>ANALYTICS_FORWARD_URL</code> and <code>ANALYTICS_FORWARD_KEY</code>{' '}
              to send them to an analytics provider as well.
            </p>
          ) : (
            <>
              <FactList>
                <FactRow term="Sent to">{f.host}</FactRow>
                <FactRow term="Waiting">{f.waiting.toLocaleString('en-GB')}</FactRow>
                <FactRow term="Of those, retrying after a failure">{f.retrying.toLocaleString('en-GB')}</FactRow>
                <FactRow term="Oldest waiting">
                  {f.oldestWaitingAt === null
                    ? 'None waiting'
                    : `${ageInWords(now - Date.parse(f.oldestWaitingAt))} (since ${adminDateTime(f.oldestWaitingAt)})`}
                </FactRow>
                <FactRow term="Last failure">{f.lastError === null ? 'None' : <code className="break-all">{f.lastError}</code>}</FactRow>
                <FactRow term="Refused by the provider">{f.refused.toLocaleString('en-GB')}</FactRow>
              </FactList>
              <p className="mb-2 max-w-reading text-muted">
                Events the provider refused as malformed are kept and not sent again on their own. Once the cause is fixed, send them again.
              </p>
              {/* aria-disabled while it is sent: a disabled button would drop the focus. */}
              <Button
                variant="secondary"
                disabled={f.refused === 0 && !retry.isPending}
                aria-disabled={retry.isPending}
                onClick={sendAgain}
              >
                {retry.isPending ? 'Queuing…' : 'Send refused events again'}
              </Button>
            </>
          )
        }
      </QueryState>
      <p role="status" ref={said} tabIndex={-1} className="mt-2 mb-0 empty:hidden">
        {done}
      </p>
      {problem === null ? null : <ErrorState className="mt-2" message={problem} />}
    </Card>
  );
}
