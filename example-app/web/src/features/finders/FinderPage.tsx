// One finder tool's page, for every finder of both brands: what the tool ranks by and on what
// assumptions (in plain words, wording.ts), its guide, its filters (in the URL, so a search
// can be shared), and its ranked table on the live odds feed, run through the tool's engine. What
// differs from tool to tool is described in specs/. On a tool odds alerts watch (the contract's
// alertTools: the price boost tracker, the 2UP matcher), "Tell me when…" saves the filters as an alert (features/alerts), and an alert's link
// (`match=`) opens the page at its match, or says the match is gone.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useBrand, useMatchkitQuery } from '@matchkit/react';
import { isAlertTool, isMoneyAlertTool, type AlertTool } from '@matchkit/app-contract';
import type { FeedSnapshot } from '@matchkit/sdk/feed';
import { finderTools, indexMarketSnapshot } from '@matchkit/sdk/matching';
import { ExchangesQuery } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { ErrorMessage, Loading } from '../../components/Status';
import { FilterBar } from '../../components/table';
import { Button, ButtonLink, Field, SelectField } from '../../components/ui';
import { describeError } from '../../components/errors';
import { useSession } from '../session';
import type { ToolPageProps } from '../tools';
import { accountLabel } from '../../copy/names';
import { AlertButton, MatchGoneNotice, draftFromFilters } from '../alerts';
import { FeedProvidersBanner, priceTimes } from '../feed-status';
import { FinderAbout } from './FinderAbout';
import { FinderTable } from './FinderTable';
import { finderSpecs, readFilterValues, readStake, STAKE_ERROR, type FilterValues, type FinderRunContext } from './specs';
import { connectRanker, type RankAnswer } from './rank';
import { useFinderFeed, type FinderFeed } from './useFinderFeed';

const ROWS = ['25', '50', '100'];

export function FinderPage({ tool }: ToolPageProps) {
  const brand = useBrand();
  if (finderTools.find((f) => f.key === tool.key) === undefined || finderSpecs[tool.key] === undefined) {
    return <p>This tool has no engine yet.</p>;
  }
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <FinderAbout brand={brand} tool={tool} />
      <FinderResults tool={tool} />
    </div>
  );
}

/** The page's stand-in for the market in a row's context: the rows were ranked in the ranker, and a row's buttons read only the row and the stake. */
const EMPTY_INDEX = indexMarketSnapshot({ events: [], markets: [], backPrices: [], exchangePrices: [] });

function FinderResults({ tool }: ToolPageProps) {
  const spec = finderSpecs[tool.key];
  const { entitled } = useSession();
  const [params, setParams] = useSearchParams();
  const feed = useFinderFeed();
  const { earlier } = feed;
  const exchangesQuery = useMatchkitQuery(ExchangesQuery);
  const exchangeSettings = useMemo(
    () => Object.fromEntries((exchangesQuery.data?.data.myExchanges ?? []).map((e) => [e.exchange, e.enabled])),
    [exchangesQuery.data],
  );
  // "Pause updates" holds the prices shown, so rows stay put while the member reads or clicks.
  const [held, setHeld] = useState<FeedSnapshot | null>(null);
  const shown = held ?? feed.shown;
  const bookmakers = useMemo(() => (shown === null ? [] : [...new Set(shown.market.backPrices.map((p) => p.bookmaker))].sort()), [shown]);
  const sports = useMemo(() => (shown === null ? [] : [...new Set(shown.market.events.map((e) => e.sport))].sort()), [shown]);
  const match = params.get('match') ?? undefined;
  // When real providers last changed the prices shown (none for the simulated feed): each row's age.
  const prices = useMemo(() => {
    const times = shown === null ? null : priceTimes(shown);
    return times === null || shown === null ? undefined : { times, at: shown.at };
  }, [shown]);

  // The filters as read from the address (cheap, here); the ranking itself in the ranker (rank.ts).
  const query = params.toString();
  const form = useMemo(() => {
    if (spec === undefined) return null;
    const search = new URLSearchParams(query);
    const { values, errors } = readFilterValues(spec.filters, search);
    const stakeText = search.get('stake') ?? '10';
    const stake = readStake(stakeText);
    if (stake === undefined) errors.set('stake', STAKE_ERROR);
    const limitText = search.get('rows') ?? '50';
    const limit = ROWS.includes(limitText) ? Number(limitText) : 50;
    const bookmakerParam = search.get('bm') ?? '';
    const bookmaker = spec.offerBookmaker === true && !bookmakers.includes(bookmakerParam) ? (bookmakers[0] ?? '') : bookmakerParam;
    return { values, errors, stakeText, stake, limit, bookmaker };
  }, [spec, query, bookmakers]);

  // One request per change of prices or filters; only the answer to the latest is shown.
  const [answer, setAnswer] = useState<{
    readonly answer: RankAnswer;
    readonly ctx: FinderRunContext;
    readonly values: FilterValues;
  } | null>(null);
  const pending = useRef<{ id: number; ctx: FinderRunContext; values: FilterValues } | null>(null);
  const ranker = useRef<ReturnType<typeof connectRanker> | null>(null);
  const sent = useRef<FeedSnapshot | null>(null);
  useEffect(() => {
    const connection = connectRanker((a) => {
      const mine = pending.current;
      if (mine === null || a.id !== mine.id) return;
      setAnswer({ answer: a, ctx: mine.ctx, values: mine.values });
    });
    ranker.current = connection;
    sent.current = null;
    return () => {
      connection.close();
      ranker.current = null;
    };
  }, []);
  useEffect(() => {
    if (form === null || shown === null || ranker.current === null || form.errors.size > 0 || form.stake === undefined) return;
    const base = {
      stake: form.stake,
      limit: form.limit,
      bookmaker: form.bookmaker,
      exchangeSettings,
      user: { capabilities: [...entitled.capabilities], additionalCapabilities: [...entitled.additionalCapabilities] },
      earlier: tool.key === 'steamChaser' ? earlier(Number(form.values['since'] ?? 60)) : [],
      at: shown.at,
    };
    const id = (pending.current?.id ?? 0) + 1;
    // The page's own context has no market: the rows and the stake are all its buttons need.
    pending.current = { id, ctx: { ...base, market: EMPTY_INDEX }, values: form.values };
    ranker.current.send({
      id,
      toolKey: tool.key,
      ctx: base,
      values: form.values,
      market: sent.current === shown ? undefined : shown.market,
    });
    sent.current = shown;
  }, [form, shown, exchangeSettings, entitled, tool.key, earlier]);

  if (spec === undefined || form === null) return null;
  const { values, errors, stakeText, limit, bookmaker } = form;
  let result: { rows: readonly unknown[]; considered: number } | null = null;
  let runError: unknown = null;
  // The answer shown: the latest (a newer request replaces it when it comes back).
  const shownAnswer = errors.size > 0 ? null : answer;
  if (shownAnswer !== null) {
    const a = shownAnswer.answer;
    if (a.kind === 'rows') result = a;
    else if (a.kind === 'failed') runError = new Error(a.message);
    else
      for (const issue of a.issues) {
        const field =
          issue.path === 'stake'
            ? 'stake'
            : spec.filters.find((f) => f.paths.some((p) => issue.path === p || issue.path.startsWith(`${p}.`)))?.key;
        if (field === undefined) runError = new Error(issue.message);
        else if (!errors.has(field)) errors.set(field, issue.message);
      }
  }
  const filters = spec.filters.filter((f) => f.when === undefined || f.when(values));

  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const feedLine = <FeedLine feed={feed} held={held} onHold={(hold) => setHeld(hold ? feed.shown : null)} />;
  const summary = [
    `${stakeText === '' ? '£?' : `£${stakeText}`} stake`,
    bookmaker === '' ? 'all bookmakers' : accountLabel(bookmaker),
    `top ${limit}`,
    ...filters.flatMap((f) => {
      const value = params.get(f.key);
      if (value === null || value === '' || value === f.initial) return [];
      const shownValue = f.kind === 'select' ? (f.options?.find((o) => o.value === value)?.label ?? value) : value;
      return [`${f.label.replace(/\s*\(.*\)$/, '')}: ${shownValue}`];
    }),
  ];
  if (errors.size > 0) summary.unshift(errors.size === 1 ? 'One filter needs correcting' : `${errors.size} filters need correcting`);

  return (
    <section className="finder-results flex min-w-0 flex-col gap-2" aria-labelledby="finder-results-title">
      <h2 id="finder-results-title" className="visually-hidden">
        Live results
      </h2>
      <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
        <div className="min-w-64 flex-1">
          <FilterBar summary={summary.join(' · ')} forceOpen={errors.size > 0}>
            <form
              className="finder-filters grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] items-start gap-x-4"
              onSubmit={(e) => e.preventDefault()}
              aria-label={`${tool.title} filters`}
            >
              <FilterField
                label={spec.stakeLabel ?? 'Stake (£)'}
                value={stakeText}
                error={errors.get('stake')}
                onChange={(v) => set('stake', v === '10' ? '' : v)}
                inputMode="decimal"
              />
              <FilterSelect
                label="Bookmaker"
                value={bookmaker}
                onChange={(v) => set('bm', v)}
                options={[
                  ...(spec.offerBookmaker === true ? [] : [{ value: '', label: 'All bookmakers' }]),
                  ...bookmakers.map((b) => ({ value: b, label: accountLabel(b) })),
                ]}
              />
              {filters.map((f) =>
                f.kind === 'select' ? (
                  <FilterSelect
                    key={f.key}
                    label={f.label}
                    hint={f.hint}
                    value={params.get(f.key) ?? f.initial}
                    onChange={(v) => set(f.key, v === f.initial ? '' : v)}
                    options={f.options ?? []}
                    error={errors.get(f.key)}
                  />
                ) : (
                  <FilterField
                    key={f.key}
                    label={f.label}
                    hint={f.hint}
                    value={params.get(f.key) ?? f.initial}
                    error={errors.get(f.key)}
                    onChange={(v) => set(f.key, v === f.initial ? '' : v)}
                    inputMode="decimal"
                  />
                ),
              )}
              <FilterSelect
                label="Rows"
                value={String(limit)}
                onChange={(v) => set('rows', v === '50' ? '' : v)}
                options={ROWS.map((r) => ({ value: r, label: `Top ${r}` }))}
              />
            </form>
          </FilterBar>
        </div>
        {isAlertTool(tool.key) ? (
          <AlertFor
            tool={tool.key}
            minRating={values['minRating']}
            stake={form.stake}
            bookmaker={bookmaker}
            bookmakers={bookmakers}
            sports={sports}
          />
        ) : null}
      </div>
      <FeedProvidersBanner />
      {match !== undefined && result !== null && !result.rows.some((row) => spec.key(row) === match) ? <MatchGoneNotice /> : null}
      {feed.status === 'error' && feed.shown === null ? (
        <ErrorMessage error={feed.error} retry={feed.retry} />
      ) : shown === null ? (
        <Loading label="Loading live prices…" />
      ) : errors.size > 0 ? (
        <>
          {feedLine}
          <p className="m-0 text-sm text-muted">Correct the filters above to see results.</p>
        </>
      ) : runError !== null ? (
        <>
          {feedLine}
          <ErrorMessage error={runError} retry={feed.retry} />
        </>
      ) : result === null || shownAnswer === null ? (
        <>
          {feedLine}
          <Loading label="Ranking…" />
        </>
      ) : result.rows.length === 0 ? (
        <>
          {feedLine}
          <p>
            Nothing matches right now ({result.considered} candidates looked at). Prices change all the time: try other filters or look
            again in a few minutes.
          </p>
        </>
      ) : (
        <FinderTable
          spec={spec}
          rows={result.rows}
          ctx={shownAnswer.ctx}
          values={shownAnswer.values}
          title={tool.title}
          toolKey={tool.key}
          source={tool.profitTrackerSource}
          current={match}
          prices={prices}
          toolbar={
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              {feedLine}
              <span>
                The best {result.rows.length} of {result.considered} candidates.
                {tool.profitTrackerSource !== null && spec.bet === undefined ? (
                  <>
                    {' '}
                    A bet of several lines is recorded by hand in the <Link to={paths.profitTracker}>profit tracker</Link>.
                  </>
                ) : null}
              </span>
            </div>
          }
        />
      )}
    </section>
  );
}

/** "Tell me when…" with the page's rating and bookmaker filters, and the feed's bookmakers and sports. */
function AlertFor({
  tool,
  minRating,
  stake,
  bookmaker,
  bookmakers,
  sports,
}: {
  readonly tool: AlertTool;
  readonly minRating: string | number | undefined;
  /** The page's stake per part, pence: a money alert's rows are worked out on it. */
  readonly stake: number | undefined;
  readonly bookmaker: string;
  readonly bookmakers: readonly string[];
  readonly sports: readonly string[];
}) {
  const prefill = draftFromFilters({
    minRating: typeof minRating === 'number' ? minRating : undefined,
    bookmaker: bookmaker === '' ? undefined : bookmaker,
    stake: isMoneyAlertTool(tool) ? stake : undefined,
  });
  return (
    <div className="flex shrink-0 flex-wrap items-start gap-2">
      <AlertButton tool={tool} prefill={prefill} bookmakers={bookmakers} sports={sports} />
      <ButtonLink variant="ghost" to={paths.alerts}>
        Your alerts
      </ButtonLink>
    </div>
  );
}

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Europe/London' });

function FeedLine({
  feed,
  held,
  onHold,
}: {
  readonly feed: FinderFeed;
  readonly held: FeedSnapshot | null;
  readonly onHold: (hold: boolean) => void;
}) {
  const shown = held ?? feed.shown;
  if (shown === null) return null;
  const status =
    held !== null
      ? 'Paused by you'
      : feed.status === 'live'
        ? 'Live'
        : feed.status === 'resyncing'
          ? 'Catching up'
          : feed.status === 'connecting'
            ? 'Connecting'
            : feed.status === 'error'
              ? 'Paused'
              : 'Stopped';
  return (
    <div className="finder-feed flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
      {shown.simulated ? (
        <span className="finder-simulated rounded-control border border-warning px-1.5 font-semibold text-warning">
          Simulated prices: not real bookmaker or exchange odds
        </span>
      ) : null}
      <span>
        {status}, prices at {clock.format(shown.at)}
      </span>
      <label className="finder-hold inline-flex items-center gap-1 text-text">
        <input type="checkbox" checked={held !== null} onChange={(e) => onHold(e.target.checked)} /> Pause updates
      </label>
      {feed.status === 'error' ? (
        <>
          <span role="alert">{describeError(feed.error)}</span>
          <Button size="sm" variant="secondary" onClick={feed.retry}>
            Reconnect
          </Button>
        </>
      ) : null}
    </div>
  );
}

interface ControlProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
}

function FilterField({ onChange, ...props }: ControlProps & { readonly inputMode?: 'decimal' }) {
  return <Field {...props} onChange={(e) => onChange(e.target.value)} />;
}

function FilterSelect({
  onChange,
  options,
  ...props
}: ControlProps & { readonly options: readonly { readonly value: string; readonly label: string }[] }) {
  return (
    <SelectField {...props} onChange={(e) => onChange(e.target.value)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}
