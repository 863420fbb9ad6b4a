// The live table, on the app's DataTable (components/table): a real <table> with aria-rowcount and
// aria-rowindex on every row, rendering only the rows in view (TanStack Virtual, fixed 64 px rows).
// Each row renders again only when its live row (which keeps its object while its prices do) or its
// place changes, so a frame of patches re-renders only the rows whose prices moved. How long ago a
// row's prices changed is refreshed once a second straight in the DOM, without rendering the rows.
// The columns (chosen and kept per member in the table's Columns menu) are described once below.
import { useCallback, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../components/table';
import { Button, cx } from '../../components/ui';
import { formatPence } from '../../components/money';
import { accountLabel } from '../../copy/names';
import { CURRENT_MATCH_ROW, MatchGoneNotice } from '../alerts';
import { formatAge, useAgeTicker } from '../feed-status';
import { FLASH_CLASS, flashRef } from './flash';
import { isArbitrage, rowCalculatorPath, type LiveRow, type OddsmatcherStore } from './store';

const ROW_HEIGHT = 64;

const starts = new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** Pence with its sign, as a result reads: `+£3.21`, `−£0.76`. */
export function signed(pence: number): string {
  const p = Math.round(pence);
  return p > 0 ? `+${formatPence(p)}` : formatPence(p);
}

export interface OddsTableProps {
  readonly store: OddsmatcherStore;
  readonly rankBy: 'rating' | 'snrRetention';
  /** The stake the figures are for, pence (for the calculator link). */
  readonly stake: number;
  /** The tool's tracker source, carried to the calculator. */
  readonly source: string;
  readonly selected: string | null;
  readonly onSelect: (key: string) => void;
}

export function OddsTable({ store, rankBy, stake, source, selected, onSelect, member, toolbar, current }: OddsTableProps) {
  const view = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const box = useRef<HTMLDivElement | null>(null);

  // Ages: once a second, in place (the feed's clock now = its last time + the time since it came).
  const feedNow = useCallback(() => {
    const v = store.getSnapshot();
    return v.at === null ? null : v.at + (v.receivedAt === null ? 0 : Date.now() - v.receivedAt);
  }, [store]);
  useAgeTicker(box, feedNow);

  const columns = useMemo(
    () => oddsColumns({ store, rankBy, stake, source, selected, onSelect }),
    [store, rankBy, stake, source, selected, onSelect],
  );
  const figure = rankBy === 'snrRetention' ? 'SNR retention' : 'rating';
  return (
    <div ref={box}>
      <DataTable
        id="oddsmatcher"
        member={member}
        label="Ranked back and lay matches"
        regionLabel="Matches"
        description={`Best first, by ${figure}. Rows change as prices move.`}
        columns={columns}
        rows={view.rows}
        rowKey={(live) => live.key}
        rowClassName={(live) => rowClass(live, selected, current)}
        current={current}
        rankColumn="figure"
        loading={!view.loaded}
        empty="No matches pass these filters right now. Widen them, or wait for prices to move."
        virtual={{ rowHeight: ROW_HEIGHT, height: 'max(24rem, calc(100dvh - 12rem))' }}
        toolbar={toolbar}
      />
    </div>
  );
}

export interface OddsTableProps {
  readonly store: OddsmatcherStore;
  readonly rankBy: 'rating' | 'snrRetention';
  /** The stake the figures are for, pence (for the calculator link). */
  readonly stake: number;
  /** The tool's tracker source, carried to the calculator. */
  readonly source: string;
  readonly selected: string | null;
  readonly onSelect: (key: string) => void;
  /** The member's uid: their column choices are kept under it. */
  readonly member: string;
  /** The status line shown above the table. */
  readonly toolbar?: ReactNode;
  /** The key of the match the page was opened at (an alert's `match=`): highlighted, scrolled to and focused. */
  readonly current?: string | undefined;
}

function rowClass(live: LiveRow, selected: string | null, current: string | undefined): string {
  // An arbitrage is a rating over 100%, whatever the ranking (the same test as the hide toggle);
  // the match an alert opened the page at is tinted with the accent instead.
  const here = current === live.key;
  const arb = isArbitrage(live.row) && !here ? ' om-arb bg-success-bg' : '';
  const at = here ? ` om-current ${CURRENT_MATCH_ROW}` : '';
  const chosen = selected === live.key ? ' om-selected outline-2 -outline-offset-2 outline-accent' : '';
  return `om-row${arb}${at}${chosen}`;
}

/** Above the table when the page was opened at a match (an alert's link) that the list no longer has. */
export function MatchGone({ store, match }: { readonly store: OddsmatcherStore; readonly match: string }) {
  const gone = useSyncExternalStore(
    store.subscribe,
    () => {
      const view = store.getSnapshot();
      return view.loaded && !view.rows.some((r) => r.key === match);
    },
    () => false,
  );
  return gone ? <MatchGoneNotice className="om-match-gone" /> : null;
}

const TREND = { 1: ['▲', 'up', 'text-success'], [-1]: ['▼', 'down', 'text-danger'], 0: ['', '', ''] } as const;
const SUB = 'block truncate text-xs text-muted';
/** A price or trend that just changed: marked for a second (each version of a row's prices is a new element; flash.ts). */
const FLASH = `${FLASH_CLASS} rounded-sm`;

/** The table's columns for one ranking, stake and selection. */
function oddsColumns({
  store,
  rankBy,
  stake,
  source,
  selected,
  onSelect,
}: Omit<OddsTableProps, 'member' | 'toolbar'>): DataColumn<LiveRow>[] {
  const snr = rankBy === 'snrRetention';
  // The feed's clock now, for an age's first text (the tick above keeps it fresh).
  const feedNow = () => {
    const v = store.getSnapshot();
    return v.at === null ? 0 : v.at + (v.receivedAt === null ? 0 : Date.now() - v.receivedAt);
  };
  const what = (live: LiveRow) => {
    const r = live.row;
    return `${r.selectionName}, back ${r.backOdds} at ${accountLabel(r.bookmaker)}, lay ${r.layOdds} at ${accountLabel(r.exchange)}`;
  };
  return [
    {
      id: 'selection',
      header: 'Selection',
      rowHeader: true,
      className: 'om-c-event',
      sortValue: (live) => live.row.selectionName,
      cell: (live) => {
        const r = live.row;
        const when = `${r.marketName} · ${starts.format(Date.parse(r.startsAt))}`;
        return (
          <div className="max-w-[16rem] min-w-[9rem] leading-tight">
            <strong className="block truncate font-semibold" title={r.selectionName}>
              {r.selectionName}
            </strong>
            <span className={SUB} title={r.eventName}>
              {r.eventName}
            </span>
            <span className={SUB} title={when}>
              {when}
            </span>
          </div>
        );
      },
    },
    {
      id: 'back',
      header: 'Back',
      className: 'om-c-back',
      sortValue: (live) => live.row.backOdds,
      cell: (live) => (
        <div className="leading-tight whitespace-nowrap">
          <b key={live.version} ref={flashRef} className={cx(FLASH, 'text-base tabular-nums')}>
            {live.row.backOdds}
          </b>
          <span className={SUB}>{accountLabel(live.row.bookmaker)}</span>
          {live.row.boostedFrom === undefined ? null : (
            <span className={SUB}>
              Boosted from {live.row.boostedFrom}
              {live.row.maxStake === undefined ? '' : `, max stake ${formatPence(live.row.maxStake)}`}
            </span>
          )}
        </div>
      ),
    },
    {
      id: 'lay',
      header: 'Lay',
      className: 'om-c-lay',
      sortValue: (live) => live.row.layOdds,
      cell: (live) => {
        const r = live.row;
        return (
          <div className="leading-tight whitespace-nowrap">
            <b key={live.version} ref={flashRef} className={cx(FLASH, 'text-base tabular-nums')}>
              {r.layOdds}
            </b>
            <span className="block text-xs text-muted">
              {accountLabel(r.exchange)} · <span className="tabular-nums">{formatPence(r.layLiquidity)}</span>
            </span>
            {live.short ? (
              <span className="om-short block text-xs font-semibold text-warning">
                <span aria-hidden="true">⚠</span> Only {formatPence(r.layLiquidity)} to lay {formatPence(Math.round(live.layStake))}
              </span>
            ) : null}
          </div>
        );
      },
    },
    {
      id: 'figure',
      header: snr ? 'SNR retention' : 'Rating',
      numeric: true,
      className: 'om-c-figure',
      sortValue: (live) => (snr ? live.row.snrRetention : live.row.rating),
      cell: (live) => {
        const r = live.row;
        const [arrow, word, tone] = TREND[live.trend];
        return (
          <>
            <b>{(snr ? r.snrRetention : r.rating).toFixed(2)}%</b>
            {arrow === '' ? null : (
              <span key={live.version} ref={flashRef} className={cx(FLASH, 'ml-1 text-xs', tone)}>
                <span aria-hidden="true">{arrow}</span>
                <span className="visually-hidden"> {word}</span>
              </span>
            )}
            {isArbitrage(r) ? <span className="visually-hidden"> (arbitrage)</span> : null}
          </>
        );
      },
    },
    {
      id: 'money',
      header: snr ? 'Free bet profit' : `Result (${formatPence(stake)})`,
      numeric: true,
      className: 'om-c-money',
      sortValue: (live) => (snr ? live.row.freeBetProfit : live.row.qualifyingLoss),
      cell: (live) => signed(snr ? live.row.freeBetProfit : live.row.qualifyingLoss),
    },
    {
      id: 'updated',
      header: 'Updated',
      className: 'om-c-age',
      wideOnly: true,
      sortValue: (live) => -live.changedAt,
      cell: (live) => (
        <time
          className="text-xs whitespace-nowrap text-muted"
          dateTime={new Date(live.changedAt).toISOString()}
          data-changed-at={live.changedAt}
        >
          {formatAge(feedNow() - live.changedAt)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      alwaysShown: true,
      className: 'om-c-actions',
      cell: (live) => {
        const chosen = selected === live.key;
        return (
          <div className="flex items-center gap-2 whitespace-nowrap">
            <Link to={rowCalculatorPath(live.row, rankBy, stake, source)} aria-label={`Open ${what(live)} in the calculator`}>
              Calculator
            </Link>
            <Button
              variant={chosen ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => onSelect(live.key)}
              aria-pressed={chosen}
              aria-label={`Select ${what(live)}`}
            >
              {chosen ? 'Selected' : 'Select'}
            </Button>
          </div>
        );
      },
    },
  ];
}
