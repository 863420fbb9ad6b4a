// The ranked table every finder tool shares, on the app's DataTable (components/table): the
// engine's rows, best first, with the columns the tool's description names (its first column is
// each row's header). Any column with figures can be sorted from its header (aria-sort says which);
// the rank column is the engine's order, and "#" is the engine's rank whatever the order shown.
// The engine returns at most the row count chosen in the filters, so the table needs no
// virtualiser. Each row has its calculator click-through and, where the tool records bets, "add to
// profit tracker". The member's columns and widths are kept per tool (the table's id). The row an
// alert's link opened the page at (`current`) is tinted, scrolled to and focused.
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../components/table';
import { useSession } from '../session';
import { AddToTracker } from '../tools';
import { CURRENT_MATCH_ROW } from '../alerts';
import { formatAge, rowPricesAt, useAgeTicker, type PriceTimes } from '../feed-status';
import { finderCalculatorPath } from './specs';
import type { AnyFinderSpec, FilterValues, FinderRunContext } from './specs';

export interface FinderTableProps {
  readonly spec: AnyFinderSpec;
  readonly rows: readonly unknown[];
  readonly ctx: FinderRunContext;
  readonly values: FilterValues;
  /** The tool's name, for the table's caption. */
  readonly title: string;
  /** The tool's catalogue key: the table's id for the member's column choices. */
  readonly toolKey: string;
  /** The tool's profit-tracker source; null: the tool records no bets. */
  readonly source: string | null;
  /** Shown above the table (how many candidates were looked at). */
  readonly toolbar?: ReactNode;
  /** The key of the row the page was opened at (an alert's `match=`). */
  readonly current?: string | undefined;
  /**
   * When real providers last changed the prices shown, and the feed time of those prices: adds an
   * "Updated" column with each row's age (its oldest price's). Absent for the simulated feed.
   */
  readonly prices?: { readonly times: PriceTimes; readonly at: number } | undefined;
}

export function FinderTable({ spec, rows, ctx, values, title, toolKey, source, toolbar, current, prices }: FinderTableProps) {
  const { user } = useSession();
  // The ages run on from the prices' feed time, refreshed once a second in place.
  const box = useRef<HTMLDivElement | null>(null);
  const anchor = useRef<{ readonly at: number; readonly received: number } | null>(null);
  const pricesAt = prices?.at;
  useEffect(() => {
    anchor.current = pricesAt === undefined ? null : { at: pricesAt, received: Date.now() };
  }, [pricesAt]);
  const feedNow = useCallback(() => (anchor.current === null ? null : anchor.current.at + Date.now() - anchor.current.received), []);
  useAgeTicker(box, feedNow);
  const member = user?.uid.global ?? 'anonymous';
  const rank = useMemo(() => new Map(rows.map((row, i) => [row, i + 1])), [rows]);
  const columns = useMemo<DataColumn<unknown>[]>(
    () => [
      {
        id: 'rank',
        header: '#',
        numeric: true,
        alwaysShown: true,
        cell: (row) => rank.get(row),
      },
      ...spec.columns.map((c, i): DataColumn<unknown> => ({
        id: c.id,
        header: c.header,
        cell: c.cell,
        ...(c.sort === undefined ? {} : { sortValue: c.sort }),
        ...(c.numeric === true ? { numeric: true } : {}),
        ...(i === 0 ? { rowHeader: true } : {}),
      })),
      ...(prices === undefined ? [] : [ageColumn(prices)]),
      {
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        alwaysShown: true,
        className: 'finder-actions',
        cell: (row) => (
          <div className="flex flex-col items-start gap-1 whitespace-nowrap">
            <Link
              className="finder-calculator"
              to={finderCalculatorPath(spec.calculator(row, ctx, values), source)}
              aria-label={`Calculator: ${spec.label(row)}`}
            >
              Calculator
            </Link>
            {source === null || spec.bet === undefined ? null : (
              <AddToTracker
                label="Add to tracker"
                name={`Add to tracker: ${spec.label(row)}`}
                bet={() => (spec.bet as NonNullable<typeof spec.bet>)(row, source, ctx, values)}
              />
            )}
          </div>
        ),
      },
    ],
    [spec, rank, ctx, values, source, prices],
  );
  return (
    <div ref={box}>
      <DataTable
        id={`finder.${toolKey}`}
        member={member}
        label={title}
        regionLabel={`${title} results`}
        description={`${rows.length} rows, best first.`}
        columns={columns}
        rows={rows}
        rowKey={spec.key}
        rowClassName={(row) => (current !== undefined && spec.key(row) === current ? CURRENT_MATCH_ROW : undefined)}
        current={current}
        rankColumn={spec.rankColumn}
        toolbar={toolbar}
      />
    </div>
  );
}

/** The "Updated" column: how long ago a real provider last changed the oldest of the row's prices. */
function ageColumn({ times, at }: { readonly times: PriceTimes; readonly at: number }): DataColumn<unknown> {
  return {
    id: 'updated',
    header: 'Updated',
    numeric: true,
    sortValue: (row) => -(rowPricesAt(row, times) ?? -Infinity),
    cell: (row) => {
      const changed = rowPricesAt(row, times);
      if (changed === null) return <span className="text-xs text-muted">Not known</span>;
      return (
        <time className="text-xs whitespace-nowrap text-muted" dateTime={new Date(changed).toISOString()} data-changed-at={changed}>
          {formatAge(at - changed)}
        </time>
      );
    },
  };
}
