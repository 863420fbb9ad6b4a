// The live table: an accessible grid (role=table, aria-rowcount, aria-rowindex on every row)
// that renders only the rows in view (TanStack Virtual, fixed row heights: one for a desktop, a
// taller card for a phone). Each row is memoised on its live row (which keeps its object while its
// prices do) and its position, so a frame of patches re-renders only the rows whose prices moved.
// How long ago a row's prices changed is refreshed once a second straight in the DOM, without
// rendering the rows again.
import { memo, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatPence } from '../../components/money';
import { isArbitrage, rowCalculatorPath, type LiveRow, type OddsmatcherStore } from './store';

const DESKTOP_ROW = 60;
const PHONE_ROW = 188;
const PHONE = '(max-width: 760px)';

let phoneQuery: MediaQueryList | undefined;
const phoneMedia = () => (phoneQuery ??= window.matchMedia(PHONE));
const onPhoneChange = (onChange: () => void) => {
  const mq = phoneMedia();
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};

function usePhone(): boolean {
  return useSyncExternalStore(
    onPhoneChange,
    () => phoneMedia().matches,
    () => false,
  );
}

const starts = new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** Pence with its sign, as a result reads: `+£3.21`, `−£0.76`. */
export function signed(pence: number): string {
  const p = Math.round(pence);
  return p > 0 ? `+${formatPence(p)}` : p < 0 ? `−${formatPence(-p)}` : formatPence(0);
}

/** How long ago, for a row's prices: `12 s`, `3 min`, `2 h`. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  return `${Math.floor(m / 60)} h ago`;
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

export function OddsTable({ store, rankBy, stake, source, selected, onSelect }: OddsTableProps) {
  const view = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const phone = usePhone();
  const scroller = useRef<HTMLDivElement | null>(null);
  const rows = view.rows;
  const size = phone ? PHONE_ROW : DESKTOP_ROW;
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  // The virtualiser's functions are read fresh on every render (the app does not run the React
  // Compiler; the rows are memoised by hand below).
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => size,
    overscan: 6,
    // Stable between frames: a new function makes the virtualiser measure all 5,000 rows again.
    getItemKey,
  });
  useEffect(() => {
    virtualizer.measure();
  }, [size, virtualizer]);

  // Ages: once a second, in place (the feed's clock now = its last time + the time since it came).
  useEffect(() => {
    const tick = () => {
      const v = store.getSnapshot();
      const root = scroller.current;
      if (root === null || v.at === null) return;
      const now = v.at + (v.receivedAt === null ? 0 : Date.now() - v.receivedAt);
      for (const el of root.querySelectorAll<HTMLElement>('[data-changed-at]')) {
        const text = formatAge(now - Number(el.dataset['changedAt']));
        if (el.textContent !== text) el.textContent = text;
      }
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [store]);

  const feedNow = view.at === null ? 0 : view.at + (view.receivedAt === null ? 0 : Date.now() - view.receivedAt);
  const figure = rankBy === 'snrRetention' ? 'SNR retention' : 'Rating';
  const money = rankBy === 'snrRetention' ? 'Free bet profit' : `Result (${formatPence(stake)})`;
  return (
    <div
      className="om-table"
      role="table"
      aria-label="Ranked back and lay matches"
      aria-rowcount={rows.length + 1}
      aria-describedby="om-table-help"
    >
      <p id="om-table-help" className="visually-hidden">
        Best first, by {figure.toLowerCase()}. Rows change as prices move.
      </p>
      <div role="rowgroup" className="om-head">
        <div role="row" aria-rowindex={1} className="om-row om-head-row">
          <span role="columnheader" className="om-c-event">
            Selection
          </span>
          <span role="columnheader" className="om-c-back">
            Back
          </span>
          <span role="columnheader" className="om-c-lay">
            Lay
          </span>
          <span role="columnheader" className="om-c-figure" aria-sort="descending">
            {figure}
          </span>
          <span role="columnheader" className="om-c-money">
            {money}
          </span>
          <span role="columnheader" className="om-c-age">
            Updated
          </span>
          <span role="columnheader" className="om-c-actions">
            Actions
          </span>
        </div>
      </div>
      {view.loaded && rows.length === 0 ? (
        <p className="om-empty" role="status">
          No matches pass these filters right now. Widen them, or wait for prices to move.
        </p>
      ) : null}
      <div role="rowgroup" className="om-body" ref={scroller} tabIndex={0} aria-label="Matches">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const live = rows[item.index];
            if (live === undefined) return null;
            return (
              <Row
                key={item.key}
                live={live}
                index={item.index}
                start={item.start}
                height={size}
                rankBy={rankBy}
                stake={stake}
                source={source}
                selected={selected === live.key}
                onSelect={onSelect}
                feedNow={feedNow}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  readonly live: LiveRow;
  readonly index: number;
  readonly start: number;
  readonly height: number;
  readonly rankBy: 'rating' | 'snrRetention';
  readonly stake: number;
  readonly source: string;
  readonly selected: boolean;
  readonly onSelect: (key: string) => void;
  /** Only read when the row renders (for its age's first text); never a reason to render. */
  readonly feedNow: number;
}

const TREND = { 1: ['▲', 'up'], [-1]: ['▼', 'down'], 0: ['', ''] } as const;

const Row = memo(
  function Row({ live, index, start, height, rankBy, stake, source, selected, onSelect, feedNow }: RowProps) {
    const r = live.row;
    const figure = rankBy === 'snrRetention' ? r.snrRetention : r.rating;
    const money = rankBy === 'snrRetention' ? r.freeBetProfit : r.qualifyingLoss;
    // An arbitrage is a rating over 100%, whatever the ranking (the same test as the hide toggle).
    const arb = isArbitrage(r);
    const [arrow, word] = TREND[live.trend];
    const select = useCallback(() => onSelect(live.key), [onSelect, live.key]);
    const href = rowCalculatorPath(r, rankBy, stake, source);
    const what = `${r.selectionName}, back ${r.backOdds} at ${r.bookmaker}, lay ${r.layOdds} at ${r.exchange}`;
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        className={`om-row${selected ? ' om-selected' : ''}${arb ? ' om-arb' : ''}`}
        style={{ transform: `translateY(${start}px)`, height }}
      >
        <span role="cell" className="om-c-event">
          <strong>{r.selectionName}</strong> <span className="om-event">{r.eventName}</span>
          <span className="om-sub">
            {r.marketName} · {starts.format(Date.parse(r.startsAt))}
          </span>
        </span>
        <span role="cell" className="om-c-back">
          <span className="om-label">Back</span>
          <b key={live.version} className="om-odds om-flash">
            {r.backOdds}
          </b>
          <span className="om-sub">{r.bookmaker}</span>
        </span>
        <span role="cell" className="om-c-lay">
          <span className="om-label">Lay</span>
          <b key={live.version} className="om-odds om-flash">
            {r.layOdds}
          </b>
          <span className="om-sub">
            {r.exchange} · {formatPence(r.layLiquidity)}
          </span>
          {live.short ? (
            <span className="om-short">
              <span aria-hidden="true">⚠</span> Only {formatPence(r.layLiquidity)} to lay {formatPence(Math.round(live.layStake))}
            </span>
          ) : null}
        </span>
        <span role="cell" className="om-c-figure">
          <span className="om-label">{rankBy === 'snrRetention' ? 'SNR' : 'Rating'}</span>
          <b>{figure.toFixed(2)}%</b>
          {arrow === '' ? null : (
            <span key={live.version} className={`om-trend om-trend-${word} om-flash`}>
              <span aria-hidden="true">{arrow}</span>
              <span className="visually-hidden"> {word}</span>
            </span>
          )}
          {arb ? <span className="visually-hidden"> (arbitrage)</span> : null}
        </span>
        <span role="cell" className="om-c-money">
          <span className="om-label">{rankBy === 'snrRetention' ? 'Profit' : 'Result'}</span>
          {signed(money)}
        </span>
        <span role="cell" className="om-c-age">
          <span className="om-label">Updated</span>
          <time dateTime={new Date(live.changedAt).toISOString()} data-changed-at={live.changedAt}>
            {formatAge(feedNow - live.changedAt)}
          </time>
        </span>
        <span role="cell" className="om-c-actions">
          <Link to={href} aria-label={`Open ${what} in the calculator`}>
            Calculator
          </Link>
          <button type="button" onClick={select} aria-pressed={selected} aria-label={`Select ${what}`}>
            {selected ? 'Selected' : 'Select'}
          </button>
        </span>
      </div>
    );
  },
  (a, b) =>
    a.live === b.live &&
    a.index === b.index &&
    a.start === b.start &&
    a.height === b.height &&
    a.rankBy === b.rankBy &&
    a.stake === b.stake &&
    a.source === b.source &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect,
);
