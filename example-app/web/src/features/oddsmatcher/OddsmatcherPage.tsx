// The oddsmatcher (/oddsmatching on the primary brand, /oddsmatcher on the secondary): every
// bookmaker back / exchange lay pair of the live odds feed, ranked by the sdk's oddsmatcher
// (rating or SNR retention), with the engine's filters and sort in the address (and saved as named
// presets), the member's exchanges and commissions, each row's freshness and moves, a liquidity
// warning, a toggle for arbitrage rows, a click-through to the calculator and "add to profit
// tracker". The rows live in a store outside React (store.ts); the tool route gates the page by
// the tool's capability (the server refuses the feed to a member without it). "Tell me when…"
// saves the filters as an odds alert (features/alerts); an alert's link (`match=`) opens the page
// at its match, or says the match is gone.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLiveFeed, useMatchkit, useMatchkitQuery } from '@matchkit/react';
import { createLiveFeed, graphqlFeedSource, type LiveFeed } from '@matchkit/sdk/feed';
import type { OddsmatcherOptions } from '@matchkit/sdk/matching';
import { backLayBet } from '@matchkit/sdk/tracker';
import { ExchangesQuery } from '@matchkit/sdk/transport';
import { Button, ButtonLink, FactList, FactRow, Field, SelectField } from '../../components/ui';
import { formatPence } from '../../components/money';
import { ErrorMessage, Loading } from '../../components/Status';
import { useSession } from '../session';
import { AddToTracker, type ToolPageProps } from '../tools';
import { ExchangeSettings } from './ExchangeSettings';
import { DEFAULT_ROWS, DEFAULT_STAKE, PARAMS, ROW_CHOICES, minFigureLabel, readFilters, withParam, type FilterField } from './filters';
import {
  browserStorage,
  deletePreset,
  loadCommissions,
  loadPresets,
  presetNameError,
  saveCommissions,
  savePreset,
  type Preset,
} from './presets';
import { MatchGone, OddsTable, signed } from './OddsTable';
import { createOddsmatcherStore, rowCalculatorPath, type OddsmatcherStore } from './store';
import { accountLabel, marketLabel, sportLabel } from '../../copy/names';
import { FilterBar, InfoDisclosure } from '../../components/table';
import { AlertButton, draftFromFilters } from '../alerts';
import { FeedProvidersBanner } from '../feed-status';
import { paths } from '../../app/paths';

export function OddsmatcherPage({ tool }: ToolPageProps) {
  const { transport, subscriptions } = useMatchkit();
  const { user } = useSession();
  const member = user?.uid.global ?? 'anonymous';
  const storage = useMemo(() => browserStorage(), []);
  const feed = useMemo<LiveFeed>(() => {
    if (subscriptions === undefined) throw new Error('The oddsmatcher needs the app’s subscription client.');
    // The snapshot is fetched once the patches' subscription is live (its first patch, or 1 s on a
    // quiet feed): fetched before it, it was often one patch behind the stream, and loaded twice.
    // It comes in pages of 5,000 records (about 0.7 MB at 600 events), each parsed in a task of its
    // own: the whole of it (12 MB) was one JSON.parse of 50 to 400 ms.
    return createLiveFeed({
      source: graphqlFeedSource({
        transport: transport as Parameters<typeof graphqlFeedSource>[0]['transport'],
        subscriptions,
        pageSize: 5_000,
      }),
      waitForPatchMs: 1000,
    });
  }, [transport, subscriptions]);

  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const read = useMemo(() => readFilters(new URLSearchParams(query)), [query]);
  const exchangesQuery = useMatchkitQuery(ExchangesQuery);
  const exchangeSettings = useMemo(
    () => Object.fromEntries((exchangesQuery.data?.data.myExchanges ?? []).map((e) => [e.exchange, e.enabled])),
    [exchangesQuery.data],
  );
  const [commissions, setCommissions] = useState<Record<string, number>>(() => loadCommissions(storage, member));
  const options = useMemo<OddsmatcherOptions>(
    () => ({ ...read.options, filters: { ...read.options.filters, exchangeSettings }, commissions }),
    [read, exchangeSettings, commissions],
  );

  const [store] = useState<OddsmatcherStore>(() => createOddsmatcherStore(feed, options, read.hideArbs));
  useEffect(() => store.connect(), [store]);
  // The store anchors "starting within" at the clock when the filters change and once a minute after.
  useEffect(() => store.setOptions(options, read.hideArbs, read.withinHours), [store, options, read.withinHours, read.hideArbs]);

  const [selected, setSelected] = useState<string | null>(null);
  const onSelect = useCallback((key: string) => setSelected((s) => (s === key ? null : key)), []);
  const set = (key: string, value: string, fallback = '') => setParams((prev) => withParam(prev, key, value, fallback), { replace: true });
  const source = tool.profitTrackerSource ?? 'oddsmatcher';
  const match = params.get(PARAMS.match) ?? undefined;
  // An alert's match is often ranked below the rows shown (the server checks every row its filters
  // pass): the store keeps that row too, so the page shows it rather than calling it gone.
  useEffect(() => store.showMatch(match), [store, match]);

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <FeedStatus feed={feed} store={store} />
      <FeedProvidersBanner />
      <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
        <div className="min-w-64 flex-1">
          <FilterBar summary={<FilterSummary read={read} store={store} />} forceOpen={read.errors.size > 0}>
            <Filters read={read} params={params} set={set} store={store} />
            <Presets
              key={member}
              member={member}
              storage={storage}
              query={query}
              apply={(search) => setParams(new URLSearchParams(search), { replace: false })}
            />
            <details className="om-settings my-2">
              <summary className="cursor-pointer py-1 font-semibold">Your exchanges and commissions</summary>
              <ExchangeSettingsFor
                store={store}
                settings={exchangeSettings}
                loading={exchangesQuery.isPending}
                commissions={commissions}
                onCommissions={(next) => {
                  setCommissions(next);
                  saveCommissions(storage, member, next);
                }}
              />
              {exchangesQuery.error === null ? null : <ErrorMessage error={exchangesQuery.error} retry={() => exchangesQuery.refetch()} />}
            </details>
          </FilterBar>
        </div>
        <div className="flex max-w-full flex-wrap items-start gap-2">
          <AlertFor read={read} store={store} commissions={commissions} />
          <InfoDisclosure label="How it ranks">
            <h2 className="mt-2 text-base">How it ranks</h2>
            <p>
              Every bookmaker back price is paired with every exchange lay price on the same selection and ranked by its rating: the share
              of a qualifying stake you keep once the bet is laid. Sort by SNR retention to find where a free bet keeps the most. Prices
              change all the time: check them on the bookmaker’s and the exchange’s sites before you bet.
            </p>
            {tool.guideUrl === null ? null : (
              <p>
                <Link to={tool.guideUrl}>Read the {tool.title} guide</Link>
              </p>
            )}
          </InfoDisclosure>
        </div>
      </div>
      {match === undefined ? null : <MatchGone store={store} match={match} />}
      <div aria-live="polite">
        <Selected store={store} selected={selected} stake={read.options.stake} rankBy={read.options.rankBy} source={source} />
      </div>
      <OddsTable
        store={store}
        rankBy={read.options.rankBy}
        stake={read.options.stake}
        source={source}
        selected={selected}
        onSelect={onSelect}
        member={member}
        toolbar={selected === null ? 'Select a match to see its stakes and add it to your profit tracker.' : undefined}
        current={match}
      />
    </div>
  );
}

/** "Tell me when…" with the page's filters (the rating only when the page ranks by it) and the feed's bookmakers and sports. */
function AlertFor({
  read,
  store,
  commissions,
}: {
  readonly read: ReturnType<typeof readFilters>;
  readonly store: OddsmatcherStore;
  readonly commissions: Readonly<Record<string, number>>;
}) {
  const choices = useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().choices,
    () => store.getSnapshot().choices,
  );
  const f = read.options.filters;
  const prefill = draftFromFilters({
    minRating: read.options.rankBy === 'rating' ? f.minRating : undefined,
    bookmaker: f.bookmakers?.[0],
    sport: f.sports?.[0],
    withinHours: read.withinHours,
    minLiquidity: f.minLiquidity,
  });
  return (
    <>
      <AlertButton tool="oddsmatcher" prefill={prefill} bookmakers={choices.bookmakers} sports={choices.sports} commissions={commissions} />
      <ButtonLink variant="ghost" to={paths.alerts}>
        Your alerts
      </ButtonLink>
    </>
  );
}

/** The active filters in a few words, for the closed filter bar (market types by the feed's names). */
function FilterSummary({ read, store }: { readonly read: ReturnType<typeof readFilters>; readonly store: OddsmatcherStore }) {
  const names = useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().choices.marketNames,
    () => store.getSnapshot().choices.marketNames,
  );
  return <>{filterSummary(read, names)}</>;
}

function filterSummary(read: ReturnType<typeof readFilters>, marketNames: Readonly<Record<string, string>>): string {
  const { options, hideArbs, withinHours, errors } = read;
  const f = options.filters;
  const parts = [
    options.rankBy === 'snrRetention' ? 'SNR retention' : 'Rating',
    `${formatPence(options.stake)} stake`,
    `${options.limit} rows`,
  ];
  if (f.minOdds !== undefined || f.maxOdds !== undefined) parts.push(`back odds ${f.minOdds ?? 1}–${f.maxOdds ?? 'any'}`);
  if (f.minRating !== undefined) parts.push(`${options.rankBy === 'snrRetention' ? 'retention' : 'rating'} ≥ ${f.minRating}%`);
  if (f.minLiquidity !== undefined) parts.push(`liquidity ≥ ${formatPence(f.minLiquidity)}`);
  if (withinHours !== undefined) parts.push(`within ${withinHours} h`);
  if (f.sports !== undefined) parts.push(f.sports.map(sportLabel).join(', '));
  if (f.marketTypes !== undefined) parts.push(f.marketTypes.map((m) => marketLabel(m, marketNames)).join(', '));
  if (f.bookmakers !== undefined) parts.push(f.bookmakers.map(accountLabel).join(', '));
  if (hideArbs) parts.push('arbitrage hidden');
  if (f.includeBoosts === true) parts.push('price boosts shown');
  if (errors.size > 0) parts.unshift(errors.size === 1 ? 'One filter needs correcting' : `${errors.size} filters need correcting`);
  return parts.join(' · ');
}

/** Where the feed is, whether its prices are simulated, and how many rows are shown. Re-renders once per frame at most (useLiveFeed starts and stops the feed). */
function FeedStatus({ feed, store }: { readonly feed: LiveFeed; readonly store: OddsmatcherStore }) {
  const state = useLiveFeed(feed);
  const view = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  let line: ReactNode;
  if (state.status === 'error') return <ErrorMessage error={state.error} retry={() => feed.start()} />;
  if (!view.loaded) line = <Loading label="Loading live prices…" />;
  else {
    const dot =
      state.status === 'live' ? 'bg-success' : state.status === 'resyncing' || state.status === 'connecting' ? 'bg-warning' : 'bg-muted';
    line = (
      <p className="om-live m-0 flex items-center gap-2">
        <span className={`inline-block size-2.5 rounded-full ${dot}`} aria-hidden="true" />
        {state.status === 'resyncing' ? 'Catching up with the prices…' : 'Live prices'} · {view.rows.length} matches
        {view.hiddenArbs > 0 ? ` (${view.hiddenArbs} arbitrage hidden)` : ''}
      </p>
    );
  }
  return (
    <div className="om-status flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      {line}
      {view.simulated ? (
        <p className="om-simulated m-0 rounded-control border border-warning px-2 text-warning">
          <strong>Simulated prices.</strong> These odds are generated for this demo, not real bookmaker or exchange prices.
        </p>
      ) : null}
      {view.error === null ? null : <ErrorMessage error={view.error} />}
    </div>
  );
}

/** The exchange settings with the feed's commissions (read once they change, not every frame). */
function ExchangeSettingsFor(
  props: Omit<Parameters<typeof ExchangeSettings>[0], 'feedCommissions'> & { readonly store: OddsmatcherStore },
) {
  const { store, ...rest } = props;
  const commissions = useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().choices.commissions,
    () => store.getSnapshot().choices.commissions,
  );
  return <ExchangeSettings {...rest} feedCommissions={commissions} />;
}

interface FiltersProps {
  readonly read: ReturnType<typeof readFilters>;
  readonly params: URLSearchParams;
  readonly set: (key: string, value: string, fallback?: string) => void;
  readonly store: OddsmatcherStore;
}

function Filters({ read, params, set, store }: FiltersProps) {
  const choices = useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().choices,
    () => store.getSnapshot().choices,
  );
  const text = (key: string, fallback = '') => params.get(key) ?? fallback;
  const err = (f: FilterField) => read.errors.get(f);
  return (
    <form
      className="om-filters grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] items-end gap-x-4 [&>div:last-child]:col-span-full"
      aria-label="Oddsmatcher filters"
      onSubmit={(e) => e.preventDefault()}
    >
      <Select
        label="Sort by"
        value={text(PARAMS.sort, 'rating')}
        onChange={(v) => set(PARAMS.sort, v, 'rating')}
        options={[
          ['rating', 'Rating (qualifying bets)'],
          ['snr', 'SNR retention (free bets)'],
        ]}
      />
      <Field
        label="Stake (£)"
        inputMode="decimal"
        value={text(PARAMS.stake, DEFAULT_STAKE)}
        error={err('stake')}
        onChange={(e) => set(PARAMS.stake, e.target.value, DEFAULT_STAKE)}
      />
      <Field
        label="Lowest back odds"
        inputMode="decimal"
        value={text(PARAMS.minOdds)}
        error={err('minOdds')}
        onChange={(e) => set(PARAMS.minOdds, e.target.value)}
      />
      <Field
        label="Highest back odds"
        inputMode="decimal"
        value={text(PARAMS.maxOdds)}
        error={err('maxOdds')}
        onChange={(e) => set(PARAMS.maxOdds, e.target.value)}
      />
      <Field
        label={minFigureLabel(read.options.rankBy)}
        inputMode="decimal"
        value={text(PARAMS.minRating)}
        error={err('minRating')}
        onChange={(e) => set(PARAMS.minRating, e.target.value)}
      />
      <Field
        label="Least liquidity (£)"
        inputMode="decimal"
        value={text(PARAMS.minLiquidity)}
        error={err('minLiquidity')}
        onChange={(e) => set(PARAMS.minLiquidity, e.target.value)}
      />
      <Field
        label="Starting within (hours)"
        inputMode="numeric"
        value={text(PARAMS.hours)}
        error={err('hours')}
        onChange={(e) => set(PARAMS.hours, e.target.value)}
      />
      <Select
        label="Sport"
        value={text(PARAMS.sport)}
        onChange={(v) => set(PARAMS.sport, v)}
        options={[['', 'All sports'], ...choices.sports.map((s) => [s, sportLabel(s)] as const)]}
      />
      <Select
        label="Market"
        value={text(PARAMS.market)}
        onChange={(v) => set(PARAMS.market, v)}
        options={[['', 'All markets'], ...choices.marketTypes.map((s) => [s, marketLabel(s, choices.marketNames)] as const)]}
      />
      <Select
        label="Bookmaker"
        value={text(PARAMS.bookmaker)}
        onChange={(v) => set(PARAMS.bookmaker, v)}
        options={[['', 'All bookmakers'], ...choices.bookmakers.map((s) => [s, accountLabel(s)] as const)]}
      />
      <Select
        label="Rows"
        value={text(PARAMS.rows, DEFAULT_ROWS)}
        onChange={(v) => set(PARAMS.rows, v, DEFAULT_ROWS)}
        options={ROW_CHOICES.map((r) => [r, r] as const)}
      />
      <Field
        label="Hide arbitrage rows (rating over 100%)"
        type="checkbox"
        checked={read.hideArbs}
        onChange={(e) => set(PARAMS.arbs, e.target.checked ? 'hide' : '')}
      />
      <Field
        label="Show price boosts (small maximum stakes)"
        type="checkbox"
        checked={read.options.filters.includeBoosts === true}
        onChange={(e) => set(PARAMS.boosts, e.target.checked ? 'show' : '')}
      />
    </form>
  );
}

function Select({
  label,
  value,
  onChange,
  options,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (v: string) => void;
  readonly options: readonly (readonly [string, string])[];
}) {
  const known = options.some(([v]) => v === value);
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {known ? null : <option value={value}>{value}</option>}
      {options.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </SelectField>
  );
}

function Presets({
  member,
  storage,
  query,
  apply,
}: {
  readonly member: string;
  readonly storage: ReturnType<typeof browserStorage>;
  readonly query: string;
  readonly apply: (search: string) => void;
}) {
  const [presets, setPresets] = useState<Preset[]>(() => loadPresets(storage, member));
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState('');
  const current = presets.find((p) => p.name === chosen) ?? presets[0];
  const save = () => {
    const problem = presetNameError(name);
    setError(problem);
    if (problem !== undefined) return;
    setPresets(savePreset(storage, member, { name, search: query }));
    setChosen(name.trim());
    setName('');
  };
  return (
    <section className="om-presets" aria-labelledby="om-presets-title">
      <h2 id="om-presets-title" className="my-1 text-base">
        Presets
      </h2>
      <div className="om-preset-row flex flex-wrap items-end gap-x-4 gap-y-2 [&>button]:mb-4">
        <Field
          label="Preset name"
          value={name}
          error={error}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
        />
        <Button onClick={save}>Save these filters</Button>
      </div>
      {presets.length === 0 ? (
        <p className="m-0 text-sm text-muted">Saved presets stay in this browser.</p>
      ) : (
        <div className="om-preset-row flex flex-wrap items-end gap-x-4 gap-y-2 [&>button]:mb-4">
          <SelectField label="Saved preset" value={current?.name ?? ''} onChange={(e) => setChosen(e.target.value)}>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <Button onClick={() => current !== undefined && apply(current.search)}>Apply preset</Button>
          <Button variant="secondary" onClick={() => current !== undefined && setPresets(deletePreset(storage, member, current.name))}>
            Delete preset
          </Button>
        </div>
      )}
    </section>
  );
}

/** The selected match: its figures, a liquidity warning, the calculator and the profit tracker. */
function Selected({
  store,
  selected,
  stake,
  rankBy,
  source,
}: {
  readonly store: OddsmatcherStore;
  readonly selected: string | null;
  readonly stake: number;
  readonly rankBy: 'rating' | 'snrRetention';
  readonly source: string;
}) {
  const live = useSyncExternalStore(
    store.subscribe,
    () => (selected === null ? undefined : store.getSnapshot().rows.find((r) => r.key === selected)),
    () => undefined,
  );
  const [kept, setKept] = useState(live);
  if (live !== undefined && live !== kept) setKept(live);
  const shown = live ?? (kept?.key === selected ? kept : undefined);
  if (selected === null || shown === undefined) {
    return null;
  }
  const r = shown.row;
  const snr = rankBy === 'snrRetention';
  const calculation = {
    betType: snr ? ('snr' as const) : ('qualifying' as const),
    backStake: stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
  };
  return (
    <section
      className="om-selected-bet rounded-control border border-border bg-surface px-4 py-1"
      aria-labelledby="om-selected-title"
      aria-live="polite"
    >
      <h2 id="om-selected-title" className="my-2 text-base">
        {r.selectionName}: back {r.backOdds} at {r.bookmaker}, lay {r.layOdds} at {r.exchange}
      </h2>
      {live === undefined ? (
        <p className="om-warning font-semibold text-warning">This match is no longer in the list: its prices have moved.</p>
      ) : null}
      <FactList>
        <FactRow term="Event">
          {r.eventName} · {r.marketName}
        </FactRow>
        <FactRow term={`Lay stake for ${formatPence(stake)}`}>{formatPence(Math.round(shown.layStake))}</FactRow>
        <FactRow term={snr ? 'Free bet profit' : r.qualifyingLoss < 0 ? 'Qualifying loss' : 'Qualifying result (both outcomes)'}>
          {signed(snr ? r.freeBetProfit : r.qualifyingLoss)}
        </FactRow>
        <FactRow term="Available to lay">{formatPence(r.layLiquidity)}</FactRow>
      </FactList>
      {shown.short ? (
        <p className="om-warning font-semibold text-warning" role="note">
          {r.exchange} has only {formatPence(r.layLiquidity)} at {r.layOdds}: not enough to lay {formatPence(Math.round(shown.layStake))}.
          Part of the lay may go unmatched.
        </p>
      ) : null}
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <ButtonLink to={rowCalculatorPath(r, rankBy, stake, source)}>Open in the calculator</ButtonLink>
        <AddToTracker
          bet={() =>
            backLayBet({
              source,
              event: r.eventName,
              market: r.marketName,
              selection: r.selectionName,
              bookmaker: r.bookmaker,
              exchange: r.exchange,
              placedAt: new Date().toISOString(),
              calculation,
            })
          }
        />
      </div>
    </section>
  );
}
