// /user/profit-tracker-advanced, "Profit tracker" (the profitTracker feature of the brand's
// matrix, behind ToolGate), laid out for daily use: a summary strip first (settled profit, staked,
// expected from open bets, open liability, this month against the monthly target), the filters,
// then the bets as dense tables (open, and settled and void: the shared DataTable); the totals per
// tool (the server's trackerTotals, per source in one request);
// filters in the URL; settle, edit, void and delete; CSV export and import; changes pushed by the
// server (trackedBetChanged) shown within a second, a burst refreshed once; and the charts (TrackerCharts, a chunk of its own with
// uPlot, loaded only here). Every figure is the server's or the sdk's.
import { lazy, Suspense, useMemo, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useBrand, useMatchkit, useMatchkitQuery, useNow } from '@matchkit/react';
import { trackerSources, type ProfitTotals } from '@matchkit/sdk/tracker';
import { TrackerTotalsQuery, type GqlTrackedBet } from '@matchkit/sdk/transport';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { Button, Field, SelectField, SummaryFigure } from '../../components/ui';
import { Loading, QueryState } from '../../components/Status';
import { useSession } from '../session';
import { ToolGate } from '../tools';
import { MonthlyTarget } from './MonthlyTarget';
import { MAX_BETS, TrackerGoalQuery, useAllTrackedBets, useLiveTrackerChanges } from './api/tracker';
import { BetList } from './BetList';
import { BySource } from './BySource';
import { ChartsBoundary } from './ChartsBoundary';
import { LiveStatus } from './LiveStatus';
import { CsvPanel } from './CsvPanel';
import { RecordBetForm } from './RecordBetForm';
import {
  noFilters,
  PROFIT_TYPES,
  readFilters,
  STATUSES,
  toServerFilter,
  writeFilters,
  type FilterErrors,
  type TrackerFilters,
} from './filters';
import { PROFIT_TYPE_LABELS, sourceLabel, STATUS_LABELS } from './labels';
import { formatPence } from '../../components/money';
import { londonMonth } from './filters';
import { liabilityOf, monthProgress } from './summary';

// uPlot and the charts load only when this page shows them.
const TrackerCharts = lazy(() => import('./TrackerCharts').then((m) => ({ default: m.TrackerCharts })));

export function ProfitTrackerPage() {
  return (
    <Page title="Profit tracker" lead="Every bet you record, what it settled to, and how your profit has moved.">
      <ToolGate
        feature="profitTracker"
        name="The profit tracker"
        about={
          <p>
            The profit tracker keeps every matched bet you place: open and settled apart, totals by tool and by type of profit, profit over
            time, its largest fall and progress against your monthly target, with CSV export and import.
          </p>
        }
      >
        <Tracker />
      </ToolGate>
    </Page>
  );
}

function Tracker() {
  const brand = useBrand();
  const sources = useMemo(() => trackerSources(brand), [brand]);
  const [params, setParams] = useSearchParams();
  const { filters, errors } = readFilters(params, sources);
  const filter = toServerFilter(filters);
  const all = useAllTrackedBets(filter);
  const totals = useMatchkitQuery(TrackerTotalsQuery, { filter });
  const goal = useMatchkitQuery(TrackerGoalQuery, {});
  useLiveTrackerChanges();

  const setFilters = (next: TrackerFilters) => setParams(writeFilters(next), { replace: false });
  const { subscriptions } = useMatchkit();

  const goalId = goal.data?.data.me?.goal ?? null;
  const member = useSession().user?.uid.global ?? 'anonymous';
  return (
    <div>
      {subscriptions === undefined ? null : <LiveStatus client={subscriptions} />}
      <section aria-labelledby="tracker-totals" className="mb-4">
        <h2 id="tracker-totals" className="sr-only">
          Totals{noFilters(filters) ? '' : ' (filtered)'}
        </h2>
        <QueryState query={totals} loadingLabel="Loading totals…">
          {(r) => (
            <SummaryStrip
              totals={r.data.trackerTotals}
              bets={all.data?.bets}
              goal={goalId}
              goalLabel={brand.onboarding.goals.find((g) => g.id === goalId)?.label ?? null}
              filtered={!noFilters(filters)}
            />
          )}
        </QueryState>
      </section>
      <Filters filters={filters} errors={errors} sources={sources} onChange={setFilters} />
      <QueryState query={all} loadingLabel="Loading your bets…">
        {({ bets, totalCount }) => (
          <>
            {totalCount > bets.length ? (
              <p className="m-0 mb-4 text-sm text-muted" role="note">
                The charts and lists below cover the newest {bets.length.toLocaleString('en-GB')} of your{' '}
                {totalCount.toLocaleString('en-GB')} bets (at most {MAX_BETS.toLocaleString('en-GB')} are read at once); the totals above
                count all of them. Narrow the dates to see the rest.
              </p>
            ) : null}
            {filters.status === null || filters.status === 'open' ? (
              <BetList title="Open bets" empty={emptyText(filters, 'open')} bets={bets.filter((b) => b.status === 'open')} />
            ) : null}
            {filters.status !== 'open' ? (
              <BetList title="Settled and void bets" empty={emptyText(filters, 'settled')} bets={bets.filter((b) => b.status !== 'open')} />
            ) : null}
            <ChartsBoundary>
              <Suspense fallback={<Loading label="Loading charts…" />}>
                <TrackerCharts bets={bets} goal={goalId} filtered={!noFilters(filters)} member={member} />
              </Suspense>
            </ChartsBoundary>
          </>
        )}
      </QueryState>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <BySource filter={filter} sources={sources} member={member} />
          <MonthlyTarget />
        </div>
        <div className="min-w-0">
          <RecordBetForm />
        </div>
      </div>
      <CsvPanel />
      <p>
        Balances per bookmaker and exchange are on your <Link to={paths.balanceSheet}>balance sheet</Link>.
      </p>
    </div>
  );
}

function emptyText(filters: TrackerFilters, which: 'open' | 'settled'): string {
  if (!noFilters(filters)) return 'No bets match these filters.';
  return which === 'open'
    ? 'No open bets. Record a bet from the calculator or a tool with "Add to profit tracker", or import a CSV file.'
    : 'No settled bets yet.';
}

function Filters({
  filters,
  errors,
  sources,
  onChange,
}: {
  readonly filters: TrackerFilters;
  readonly errors: FilterErrors;
  readonly sources: readonly string[];
  readonly onChange: (next: TrackerFilters) => void;
}) {
  const brand = useBrand();
  const pick =
    <K extends keyof TrackerFilters>(key: K) =>
    (e: ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
      onChange({ ...filters, [key]: e.target.value === '' ? null : e.target.value });
  return (
    <form
      // Each field takes an equal share of a row, at least 10rem, the row wrapping when there is no room.
      className="flex flex-wrap items-end gap-x-4 rounded-control border border-border bg-surface px-4 pt-3 [&>div]:min-w-0 [&>div]:flex-[1_1_10rem]"
      aria-label="Filter bets"
      onSubmit={(e) => e.preventDefault()}
    >
      <SelectField label="Profit type" value={filters.profitType ?? ''} onChange={pick('profitType')} error={errors.type}>
        <option value="">All types</option>
        {PROFIT_TYPES.map((t) => (
          <option key={t} value={t}>
            {PROFIT_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Tool" value={filters.source ?? ''} onChange={pick('source')} error={errors.source}>
        <option value="">All tools</option>
        {sources.map((s) => (
          <option key={s} value={s}>
            {sourceLabel(brand, s)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" value={filters.status ?? ''} onChange={pick('status')} error={errors.status}>
        <option value="">Any status</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <Field label="From (UK date)" type="date" value={filters.from ?? ''} onChange={pick('from')} error={errors.from} />
      <Field
        label="To (UK date, included)"
        type="date"
        value={filters.to ?? ''}
        min={filters.from ?? undefined}
        onChange={pick('to')}
        error={errors.to}
      />
      {noFilters(filters) ? null : (
        <p className="m-0 mb-4">
          <Button variant="secondary" onClick={() => onChange({ profitType: null, source: null, status: null, from: null, to: null })}>
            Clear filters
          </Button>
        </p>
      )}
    </form>
  );
}

/** The summary strip: the server's totals, the open liability and this month against the target. */
function SummaryStrip({
  totals,
  bets,
  goal,
  goalLabel,
  filtered,
}: {
  readonly totals: ProfitTotals;
  readonly bets: readonly GqlTrackedBet[] | undefined;
  readonly goal: string | null;
  readonly goalLabel: string | null;
  readonly filtered: boolean;
}) {
  const brand = useBrand();
  const month = londonMonth(useNow(60_000));
  const progress = useMemo(() => (bets === undefined ? null : monthProgress(brand, bets, goal, month)), [brand, bets, goal, month]);
  const liability = useMemo(() => (bets === undefined ? undefined : liabilityOf(bets)), [bets]);
  const target =
    progress === null
      ? null
      : progress.orMore
        ? `${formatPence(progress.monthlyMin)} or more`
        : `${formatPence(progress.monthlyMin)}–${formatPence(progress.monthlyMax)}`;
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" data-testid="tracker-totals">
        <SummaryFigure
          label={filtered ? 'Settled profit (filtered)' : 'Settled profit'}
          testId="settled-profit"
          note={`${totals.betCount} bets`}
        >
          {formatPence(totals.profit)}
        </SummaryFigure>
        <SummaryFigure label="Staked">{formatPence(totals.staked)}</SummaryFigure>
        <SummaryFigure label="Expected from open bets" testId="pending-profit">
          {formatPence(totals.pendingProfit)}
        </SummaryFigure>
        <SummaryFigure label="Open liability" note="lays at risk on open bets">
          {liability === undefined ? '…' : liability === null ? 'Not available' : formatPence(liability)}
        </SummaryFigure>
        <SummaryFigure
          label="This month"
          note={
            goal === null
              ? 'No monthly target yet: choose one below'
              : target === null
                ? `Target ${goalLabel ?? ''}`
                : progress?.reachedMin === true
                  ? `Target ${target}: reached`
                  : `Target ${target}: ${formatPence(progress?.toMin ?? 0)} to go`
          }
        >
          {goal === null ? '—' : progress === null ? '…' : formatPence(progress.profit)}
        </SummaryFigure>
      </dl>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {PROFIT_TYPES.map((t) => (
          <div key={t} className="flex gap-1">
            <dt>{PROFIT_TYPE_LABELS[t]}:</dt>
            <dd className="m-0 tabular-nums">{formatPence(totals[t])}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
