// /user/alerts: the member's odds alerts (name, rule in words, paused or on) with Pause/Resume and
// Delete (confirmed), and the matches they found, newest first, each linking to its alert's tool
// (the oddsmatcher or a finder: the contract's alertTools) at that match (the server's `href`).
// Alerts are saved from those tools' pages ("Tell me when…"); a member whose plan lacks the
// oddsmatcher (every plan has it) sees the tool's locked view instead (ToolGate).
import { useState } from 'react';
import { Link } from 'react-router';
import { BellRing } from 'lucide-react';
import { alertTools } from '@matchkit/app-contract';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { availableTools } from '@matchkit/sdk/entitlements';
import {
  DeleteOddsAlertMutation,
  MyOddsAlertMatchesQuery,
  MyOddsAlertsQuery,
  SetOddsAlertPausedMutation,
  type GqlOddsAlert,
  type GqlOddsAlertMatch,
} from '@matchkit/sdk/transport';
import { Page } from '../../components/Page';
import { describeError } from '../../components/errors';
import { Badge, Button, ButtonLink, Card, EmptyState, ErrorState, LoadingState, Table, Td, Th } from '../../components/ui';
import { Dialog } from '../../components/ui/Dialog';
import { accountLabel } from '../../copy/names';
import { formatPence } from '../../components/money';
import { useNotify } from '../notifications';
import { useSession } from '../session';
import { ToolGate } from '../tools';
import { describeRule } from './rule';

const TOOL = 'oddsmatcher';

const when = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

export function AlertsPage() {
  const brand = useBrand();
  const tool = brand.tools.find((t) => t.key === TOOL);
  return (
    <Page title="Your alerts" lead="Odds alerts watch the live prices for you and list each match that passes, once.">
      {tool === undefined ? (
        <p>Odds alerts watch the oddsmatcher, which this site does not offer.</p>
      ) : (
        <ToolGate
          capability={tool.capability}
          name={tool.title}
          about={<p>Odds alerts watch the {tool.title}: your plan needs to include it before you can save one.</p>}
        >
          <Alerts />
          <Matches />
        </ToolGate>
      )}
    </Page>
  );
}

/** The tools alerts watch that the member's plan includes, as the brand names them, in alertTools' order. */
function useAlertTools(): readonly { readonly key: string; readonly title: string; readonly path: string }[] {
  const brand = useBrand();
  const { entitled } = useSession();
  const available = availableTools(brand, entitled);
  return alertTools.flatMap((key) => {
    const tool = available.find((t) => t.key === key);
    return tool === undefined || tool.slug === '' ? [] : [{ key, title: tool.title, path: `/${tool.slug}` }];
  });
}

/** "the Oddsmatcher, the 2UP Matcher or the Price Boost Tracker". */
function either(titles: readonly string[]): string {
  const named = titles.map((t) => `the ${t}`);
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} or ${named[named.length - 1] as string}`;
}

function Alerts() {
  const query = useMatchkitQuery(MyOddsAlertsQuery);
  const [deleting, setDeleting] = useState<GqlOddsAlert | null>(null);
  const alerts = query.data?.data.myOddsAlerts ?? [];
  const tools = useAlertTools();
  const where = either(tools.map((t) => t.title));
  return (
    <Card as="section" className="my-4" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="m-0 mb-2 text-xl font-semibold">
        Your odds alerts
      </h2>
      {query.isPending ? <LoadingState label="Loading your alerts" /> : null}
      {query.isError ? <ErrorState message={describeError(query.error)} /> : null}
      {query.isSuccess && alerts.length === 0 ? (
        <EmptyState
          icon={BellRing}
          title="No alerts yet"
          description={`Set the filters of ${where}, then press “Tell me when…” to be told when a match passes them.`}
          action={tools.map((t) => (
            <ButtonLink key={t.key} variant={t.key === tools[0]?.key ? 'primary' : 'secondary'} to={t.path}>
              Open the {t.title}
            </ButtonLink>
          ))}
        />
      ) : null}
      {alerts.length === 0 ? null : (
        <ul className="m-0 grid list-none gap-3 p-0">
          {alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} onDelete={() => setDeleting(alert)} />
          ))}
        </ul>
      )}
      {alerts.length === 0 ? null : (
        <p className="mb-0 text-sm text-muted">
          To add an alert, set the filters of{' '}
          {tools.map((t, i) => (
            <span key={t.key}>
              {i === 0 ? '' : i === tools.length - 1 ? ' or ' : ', '}
              the <Link to={t.path}>{t.title}</Link>
            </span>
          ))}{' '}
          and press “Tell me when…”.
        </p>
      )}
      <DeleteDialog alert={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

function AlertItem({ alert, onDelete }: { readonly alert: GqlOddsAlert; readonly onDelete: () => void }) {
  const brand = useBrand();
  // The tool the alert watches, by the brand's name for it (the oddsmatcher or a finder).
  const tool = brand.tools.find((t) => t.key === alert.tool)?.title ?? 'tool';
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const pause = useMatchkitMutation(SetOddsAlertPausedMutation, {
    onSuccess: ({ data }) => {
      const result = data?.setOddsAlertPaused;
      if (result?.ok !== true) notify('error', result?.error?.message ?? 'We could not change the alert. Please try again.');
      void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MyOddsAlertsQuery) });
    },
    onError: (e) => notify('error', describeError(e)),
  });
  const titleId = `alert-${alert.id}-name`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-control border border-border p-3" aria-labelledby={titleId}>
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="m-0 flex flex-wrap items-center gap-2 text-base font-semibold">
          {alert.name}
          {alert.paused ? <Badge tone="warning">Paused</Badge> : <Badge tone="success">On</Badge>}
        </h3>
        <p className="m-0 text-sm text-muted">{describeRule(alert)}</p>
        <p className="m-0 text-sm">
          <Link to={alert.href}>Open the {tool} with these filters</Link>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={pause.isPending}
          aria-label={`${alert.paused ? 'Resume' : 'Pause'} ${alert.name}`}
          onClick={() => pause.mutate({ id: alert.id, paused: !alert.paused })}
        >
          {alert.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="secondary" size="sm" aria-label={`Delete ${alert.name}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** "Delete this alert?": an alert dialog, since deleting also forgets the matches it found. */
function DeleteDialog({ alert, onClose }: { readonly alert: GqlOddsAlert | null; readonly onClose: () => void }) {
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const remove = useMatchkitMutation(DeleteOddsAlertMutation);
  const [shown, setShown] = useState(alert);
  // Keep the alert's name while the dialog closes.
  if (alert !== null && alert !== shown) setShown(alert);
  async function confirm() {
    if (alert === null) return;
    setError(null);
    try {
      const { data } = await remove.mutateAsync({ id: alert.id });
      const result = data?.deleteOddsAlert;
      if (result?.ok !== true) {
        setError(result?.error?.message ?? 'We could not delete the alert. Please try again.');
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MyOddsAlertsQuery) }),
        queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MyOddsAlertMatchesQuery) }),
      ]);
      notify('success', `Alert “${alert.name}” deleted.`);
      onClose();
    } catch (e) {
      setError(describeError(e));
    }
  }
  return (
    <Dialog
      isOpen={alert !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
      title="Delete this alert?"
      role="alertdialog"
      size="sm"
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close}>
            Keep it
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => void confirm()}>
            Delete alert
          </Button>
        </>
      )}
    >
      <p className="m-0">“{shown?.name}” will stop watching the prices, and the matches it found will be removed from this page.</p>
      {error === null ? null : (
        <p className="mb-0 text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}

function Matches() {
  const query = useMatchkitQuery(MyOddsAlertMatchesQuery);
  const matches = query.data?.data.myOddsAlertMatches ?? [];
  return (
    <Card as="section" className="my-4" aria-labelledby="alert-matches-title">
      <h2 id="alert-matches-title" className="m-0 mb-2 text-xl font-semibold">
        Matches found
      </h2>
      {query.isPending ? <LoadingState label="Loading the matches your alerts found" /> : null}
      {query.isError ? <ErrorState message={describeError(query.error)} /> : null}
      {query.isSuccess && matches.length === 0 ? (
        <EmptyState
          title="No matches found yet"
          description="When a match passes one of your alerts it is listed here, newest first. Prices move quickly: check them before you bet."
        />
      ) : null}
      {matches.length === 0 ? null : (
        <Table caption="Matches your alerts found, newest first" captionHidden>
          <thead>
            <tr>
              <Th>Found</Th>
              <Th>Match</Th>
              <Th numeric>Rating or profit</Th>
              <Th>
                <span className="visually-hidden">Open</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {matches.map((m) => (
              <MatchRow key={`${m.alertId}|${m.href}`} match={m} />
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

/** A title's words in lower case within a sentence, an acronym kept (“2UP Matcher” → “2UP matcher”). */
function inSentence(title: string): string {
  return title
    .split(' ')
    .map((word) => (/[a-z]/.test(word.slice(1)) ? word.toLowerCase() : word))
    .join(' ');
}

function MatchRow({ match: m }: { readonly match: GqlOddsAlertMatch }) {
  const brand = useBrand();
  // The tool as the brand names it, in a sentence (“Open in the price boost tracker”, “the 2UP matcher”).
  const tool = inSentence(brand.tools.find((t) => t.key === m.tool)?.title ?? 'tool');
  return (
    <tr>
      <Td className="whitespace-nowrap">
        <time dateTime={m.foundAt}>{when.format(Date.parse(m.foundAt))}</time>
      </Td>
      <Th scope="row" className="font-normal">
        <strong className="block">{m.selectionName}</strong>
        <span className="block text-muted">
          {m.eventName} · {m.marketName} · starts {when.format(Date.parse(m.startsAt))}
        </span>
        <span className="block text-muted">
          Back {m.backOdds} at {accountLabel(m.bookmaker)}, lay {m.layOdds} at {accountLabel(m.exchange)} · {m.alertName}
        </span>
      </Th>
      <Td numeric>
        {m.profit === null || m.profit === undefined || m.stake === null || m.stake === undefined
          ? `${(m.rating ?? 0).toFixed(2)}%`
          : `${formatPence(m.profit)} on ${formatPence(m.stake)} a part`}
      </Td>
      <Td>
        <Link to={m.href} aria-label={`Open in the ${tool}: ${m.selectionName}, ${m.eventName}`}>
          Open in the {tool}
        </Link>
      </Td>
    </tr>
  );
}
