// The app's data table: a real <table> (column headers, optional row headers, aria-sort) on
// TanStack Table 9 (sorting, column visibility, column sizing) and, for long live lists,
// TanStack Virtual (only the rows in view are in the DOM; spacer rows keep the scroll height).
//
// Usage: declare the columns once (module scope or useMemo), then render
//
//   const columns: DataColumn<Bet>[] = [
//     { id: 'event', header: 'Event', cell: (b) => b.event, rowHeader: true, sortValue: (b) => b.event },
//     { id: 'stake', header: 'Stake', cell: (b) => formatPence(b.stake), numeric: true, sortValue: (b) => b.stake },
//     { id: 'note', header: 'Note', cell: (b) => b.note, defaultHidden: true },
//   ];
//   <DataTable id="tracker-bets" member={user.uid.global} label="Your bets" columns={columns}
//     rows={bets} rowKey={(b) => b.id} loading={query.isPending} empty="No bets yet." />
//
// - Sorting: a column with `sortValue` gets a sort button in its header (descending first for
//   numbers, ascending for text; a third press goes back to the rows' own order). `rankColumn`
//   names the column the rows already come ordered by (an engine's ranking): it shows
//   aria-sort="descending" until another order is chosen.
// - Columns: the "Columns" menu shows or hides every column but the row header; `defaultHidden`
//   hides one until the member shows it, `wideOnly` hides one by default on screens under 768 px.
// - Widths: columns are as wide as their content; the handle at a header's right edge drags it
//   (or, focused, takes the arrow keys: 16 px a press, 64 with Shift; Home or a double click gives
//   the content width back); "Reset widths" in the menu clears them all.
// - The member's choices (visibility and widths) are kept per member and per table id in
//   localStorage (preferences.ts, docs/app.md#tables).
// - Numbers (`numeric`) are right-aligned in tabular figures and never wrap or truncate.
// - `virtual`: a fixed row height; the body scrolls inside a box of the given height. Without it the
//   table scrolls inside a box at most `maxHeight` tall. Either way the header row is sticky and a
//   table wider than the screen scrolls sideways inside its box, never the page.
// - `current`: the key of the row the page was opened at (an alert's match): once that row is in
//   the table it is scrolled into view (the virtual list's own scroll) and focused, once per key,
//   and it carries aria-current="true" while it is there.
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import {
  columnSizingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Columns3 } from 'lucide-react';
import { Button, EmptyState, LoadingState } from '../ui';
import { browserTableStorage, clampWidth, loadPreferences, savePreferences, type ColumnLimits, type TableStorage } from './preferences';

/** One column of a {@link DataTable}. */
export interface DataColumn<Row> {
  /** Stable id: the key of the member's stored choices, and the sort state's name. */
  readonly id: string;
  /** The header's text (also the column's name in the "Columns" menu). */
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** The value the column sorts by; a column without one is not sortable. */
  readonly sortValue?: (row: Row) => number | string;
  /** Figures: right-aligned, tabular, never wrapped or truncated. */
  readonly numeric?: boolean;
  /** This column's cells are the rows' headers (`<th scope="row">`); it cannot be hidden. */
  readonly rowHeader?: boolean;
  /** The member may not hide it. @defaultValue false */
  readonly alwaysShown?: boolean;
  /** Hidden until the member shows it. */
  readonly defaultHidden?: boolean;
  /** Hidden by default on a screen under 768 px wide. */
  readonly wideOnly?: boolean;
  /** A class for the column's cells (and its header). */
  readonly className?: string;
  /** The header's text is visually hidden (an actions column). */
  readonly headerHidden?: boolean;
  /** The least width (CSS px) a member may give it. @defaultValue 48 */
  readonly minWidth?: number;
  /** The most width (CSS px) a member may give it. @defaultValue 960 */
  readonly maxWidth?: number;
}

export interface DataTableProps<Row> {
  /** The table's id: with `member`, the key its choices are kept under. */
  readonly id: string;
  /** The member's uid ('anonymous' when signed out). */
  readonly member: string;
  /** The table's accessible name. */
  readonly label: string;
  /** Read by screen readers after the name (what the order is, how rows change). */
  readonly description?: string;
  /** The scroll box's accessible name. @defaultValue the table's label */
  readonly regionLabel?: string;
  readonly columns: readonly DataColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** Extra classes for a row (a selected or arbitrage row). */
  readonly rowClassName?: (row: Row) => string | undefined;
  /** The column the rows arrive ordered by, best first (descending). */
  readonly rankColumn?: string;
  /** The rows are loading: a loading line instead of the empty state. */
  readonly loading?: boolean;
  /** What an empty table says. @defaultValue 'Nothing to show.' */
  readonly empty?: ReactNode;
  /** Virtualised rows of a fixed height (px), in a box of `height` (CSS). */
  readonly virtual?: { readonly rowHeight: number; readonly height: string };
  /** The scroll box's most height (CSS) without `virtual`. @defaultValue '75vh' */
  readonly maxHeight?: string;
  /** Shown at the left of the table's toolbar (a status line). */
  readonly toolbar?: ReactNode;
  /** The key of the row the page is at: marked aria-current, scrolled to and focused once it is in the table. */
  readonly current?: string | undefined;
  /** Changes that must re-render the rows although no row changed (the selected row, a stake). */
  readonly renderKey?: unknown;
  /** Where the choices are kept. @defaultValue localStorage */
  readonly storage?: TableStorage;
}

type Data = Record<string, unknown>;

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnVisibilityFeature,
  columnSizingFeature,
});

const WIDE = '(min-width: 768px)';
const STEP = 16;
const BIG_STEP = 64;
const MIN_WIDTH = 48;
const MAX_WIDTH = 960;
/** A column's width limits: its own, or the table's. */
function limitsOf<Row>(c: DataColumn<Row>): ColumnLimits {
  return { id: c.id, minWidth: c.minWidth ?? MIN_WIDTH, maxWidth: c.maxWidth ?? MAX_WIDTH };
}

function narrowScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia(WIDE).matches;
}

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { numeric: true, sensitivity: 'base' });
}

/** The visibility a member starts with: the columns' defaults, then what they chose. */
function startingVisibility<Row>(columns: readonly DataColumn<Row>[], chosen: Readonly<Record<string, boolean>>): ColumnVisibilityState {
  const narrow = narrowScreen();
  const state: ColumnVisibilityState = {};
  for (const c of columns) {
    if (c.rowHeader === true || c.alwaysShown === true) continue;
    const byDefault = !(c.defaultHidden === true || (narrow && c.wideOnly === true));
    state[c.id] = chosen[c.id] ?? byDefault;
  }
  return state;
}

/** The table; see the file's header for how to declare its columns. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { id, member, columns, rows, rowKey, rankColumn, virtual } = props;
  const storage = useMemo(() => (props.storage === undefined ? browserTableStorage() : props.storage), [props.storage]);
  const domId = useId();

  // The member's choices, read once per table and member (a new member re-reads them).
  const limits = useMemo(() => columns.map(limitsOf), [columns]);
  const [owner, setOwner] = useState({ id, member });
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() =>
    startingVisibility(columns, loadPreferences(storage, id, member, limits).visibility),
  );
  const [sizing, setSizing] = useState<ColumnSizingState>(() => ({ ...loadPreferences(storage, id, member, limits).widths }));
  if (owner.id !== id || owner.member !== member) {
    const prefs = loadPreferences(storage, id, member, limits);
    setOwner({ id, member });
    setVisibility(startingVisibility(columns, prefs.visibility));
    setSizing({ ...prefs.widths });
  }
  const [sorting, setSorting] = useState<SortingState>([]);

  // Only what the member changed is stored (a default that changes later still applies).
  const remember = useCallback(
    (nextVisibility: ColumnVisibilityState, nextSizing: ColumnSizingState) => {
      const defaults = startingVisibility(columns, {});
      const chosen = Object.fromEntries(Object.entries(nextVisibility).filter(([k, v]) => defaults[k] !== v));
      savePreferences(storage, id, member, { visibility: chosen, widths: nextSizing });
    },
    [columns, storage, id, member],
  );

  const defs = useMemo<ColumnDef<typeof features, Data>[]>(
    () =>
      columns.map((c) => {
        const sortValue = c.sortValue;
        return {
          id: c.id,
          header: c.header,
          enableHiding: c.rowHeader !== true && c.alwaysShown !== true,
          ...(sortValue === undefined
            ? { enableSorting: false }
            : {
                accessorFn: (row: Data) => sortValue(row as Row),
                sortFn: (a, b, columnId) => compare(a.getValue<number | string>(columnId), b.getValue<number | string>(columnId)),
                sortDescFirst: c.numeric === true,
              }),
        } satisfies ColumnDef<typeof features, Data>;
      }),
    [columns],
  );

  const table = useTable({
    features,
    columns: defs,
    data: rows as readonly Data[],
    getRowId: (row: Data, index: number) => rowKey(row as Row) || String(index),
    state: { sorting, columnVisibility: visibility, columnSizing: sizing },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setVisibility,
    onColumnSizingChange: setSizing,
    enableMultiSort: false,
  });

  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  // The same array while the same columns show: the rows compare it (DataRow), so a new one each
  // render would draw every row again on every scroll and every live patch.
  const shownIds = table
    .getVisibleLeafColumns()
    .map((col) => col.id)
    .join('\u0000');
  const shown = useMemo(
    () =>
      shownIds.split('\u0000').flatMap((columnId) => {
        const c = byId.get(columnId);
        return c === undefined ? [] : [c];
      }),
    [shownIds, byId],
  );
  // The rows in the order shown, with their keys. TanStack's row model makes an object per row
  // again for every new `rows` array (5,000 for each live patch of the oddsmatcher, and as much
  // garbage), so it is read only while the member sorts; in the rows' own order (a ranked or live
  // list, the usual case) the rows are read as given, with the same keys (`rowKey`, else the index).
  const modelRows = sorting.length === 0 ? null : table.getRowModel().rows;
  const { ids, originals } = useMemo(
    () =>
      modelRows === null
        ? { ids: rows.map((row, index) => rowKey(row) || String(index)), originals: rows }
        : { ids: modelRows.map((r) => r.id), originals: modelRows.map((r) => r.original as Row) },
    // Not `rowKey`: callers pass a new function on every render (an inline arrow), and new keys on
    // each scroll would make the virtualiser measure every row again. A row's key is its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    [rows, modelRows],
  );

  const sortedBy = sorting[0];
  const order = (c: DataColumn<Row>): 'ascending' | 'descending' | undefined => {
    if (sortedBy === undefined) return c.id === rankColumn ? 'descending' : undefined;
    if (sortedBy.id !== c.id) return undefined;
    return sortedBy.desc ? 'descending' : 'ascending';
  };
  const press = (c: DataColumn<Row>) => {
    const first = c.numeric === true;
    if (sortedBy === undefined && c.id === rankColumn) setSorting([{ id: c.id, desc: false }]);
    else if (sortedBy?.id !== c.id) setSorting([{ id: c.id, desc: first }]);
    else if (sortedBy.desc === first) setSorting([{ id: c.id, desc: !first }]);
    else setSorting([]);
  };

  const setWidth = (columnId: string, width: number | null) => {
    const others = Object.fromEntries(Object.entries(sizing).filter(([k]) => k !== columnId));
    const column = byId.get(columnId);
    const next = width === null || column === undefined ? others : { ...others, [columnId]: clampWidth(width, limitsOf(column)) };
    setSizing(next);
    remember(visibility, next);
  };
  const toggle = (columnId: string, on: boolean) => {
    const next = { ...visibility, [columnId]: on };
    setVisibility(next);
    remember(next, sizing);
  };
  const resetWidths = () => {
    setSizing({});
    remember(visibility, {});
  };

  const scroller = useRef<HTMLDivElement | null>(null);
  const rowHeight = virtual?.rowHeight ?? 0;
  const count = virtual === undefined ? 0 : ids.length;
  const getItemKey = useCallback((i: number) => ids[i] ?? i, [ids]);
  // The virtualiser's functions are read fresh on every render (the app does not run the React Compiler).
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    getItemKey,
    enabled: virtual !== undefined,
  });

  // The current row: scrolled to once it is among the rows, then focused once it is rendered.
  const currentIndex = props.current === undefined ? -1 : ids.indexOf(props.current);
  const scrolledTo = useRef<string | null>(null);
  const toFocus = useRef(false);
  useEffect(() => {
    if (props.current !== undefined && currentIndex >= 0 && scrolledTo.current !== props.current) {
      scrolledTo.current = props.current;
      toFocus.current = true;
      if (virtual !== undefined) virtualizer.scrollToIndex(currentIndex, { align: 'center' });
    }
    // A row that left before it was rendered is not focused later, when it comes back (that would steal the member's focus).
    if (currentIndex < 0) toFocus.current = false;
    if (!toFocus.current) return;
    const row = scroller.current?.querySelector<HTMLElement>('tbody tr[aria-current="true"]');
    if (row === null || row === undefined) return;
    toFocus.current = false;
    row.focus();
  });

  const items = virtual === undefined ? null : virtualizer.getVirtualItems();
  const visibleRows = (items === null ? originals.map((_, index) => index) : items.map((item) => item.index)).flatMap((index) => {
    const id = ids[index];
    const original = originals[index];
    return id === undefined || original === undefined ? [] : [{ id, original, index }];
  });
  const padTop = items === null || items.length === 0 ? 0 : (items[0]?.start ?? 0);
  const padBottom = items === null || items.length === 0 ? 0 : virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const sortedName = sortedBy === undefined ? undefined : byId.get(sortedBy.id)?.header;

  const empty = rows.length === 0;
  const boxStyle = virtual === undefined ? { maxHeight: props.maxHeight ?? '75vh' } : { height: empty ? 'auto' : virtual.height };
  return (
    <div className="data-table min-w-0 rounded-control border border-border bg-surface">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-3 py-1.5 text-sm">
        <div className="min-w-0 flex-1 text-muted">{props.toolbar}</div>
        <ColumnsMenu
          columns={columns}
          visibility={visibility}
          onToggle={toggle}
          onResetWidths={resetWidths}
          widths={sizing}
          label={props.label}
        />
      </div>
      <div
        ref={scroller}
        className="data-table-scroll relative max-w-full overflow-auto"
        style={boxStyle}
        role="region"
        aria-label={props.regionLabel ?? props.label}
        tabIndex={0}
      >
        <table
          className="w-full border-separate border-spacing-0 text-sm wrap-normal"
          aria-label={props.label}
          aria-describedby={props.description === undefined ? undefined : `${domId}-description`}
          aria-rowcount={virtual === undefined ? undefined : ids.length + 1}
        >
          {props.description === undefined ? null : (
            <caption id={`${domId}-description`} className="visually-hidden">
              {props.description}
              {sortedName === undefined ? '' : ` Sorted by ${sortedName}, ${sortedBy?.desc === true ? 'highest' : 'lowest'} first.`}
            </caption>
          )}
          <colgroup>
            {shown.map((c) => {
              const width = sizing[c.id];
              return <col key={c.id} style={width === undefined ? undefined : { width }} />;
            })}
          </colgroup>
          <thead className="sticky top-0 z-10 bg-surface">
            <tr aria-rowindex={virtual === undefined ? undefined : 1}>
              {shown.map((c) => (
                <HeaderCell
                  key={c.id}
                  column={c}
                  order={order(c)}
                  onSort={() => press(c)}
                  width={sizing[c.id]}
                  onWidth={(w) => setWidth(c.id, w)}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={shown.length} className="border-0 p-0" style={{ height: padTop }} />
              </tr>
            ) : null}
            {visibleRows.map(({ id, original, index }) => (
              <DataRow
                key={id}
                original={original}
                columns={shown}
                className={props.rowClassName?.(original)}
                height={virtual?.rowHeight}
                rowIndex={virtual === undefined ? undefined : index + 2}
                current={id === props.current}
                renderKey={props.renderKey}
              />
            ))}
            {padBottom > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={shown.length} className="border-0 p-0" style={{ height: padBottom }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        {!empty ? null : props.loading === true ? (
          <LoadingState className="p-3" skeletonRows={4} />
        ) : (
          <div role="status">
            <EmptyState className="mx-3" title={props.empty ?? 'Nothing to show.'} />
          </div>
        )}
      </div>
    </div>
  );
}

function HeaderCell<Row>({
  column,
  order,
  onSort,
  width,
  onWidth,
}: {
  readonly column: DataColumn<Row>;
  readonly order: 'ascending' | 'descending' | undefined;
  readonly onSort: () => void;
  readonly width: number | undefined;
  readonly onWidth: (width: number | null) => void;
}) {
  const cell = useRef<HTMLTableCellElement | null>(null);
  // Its laid-out width, for the handle's value while the member has set none.
  const [measured, setMeasured] = useState(0);
  useEffect(() => {
    const el = cell.current;
    if (el === null) return;
    const measure = () => setMeasured(Math.round(el.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Its width now: the member's, else as laid out (jsdom lays nothing out: a nominal 120 px).
  const current = () => width ?? (cell.current?.getBoundingClientRect().width || 120);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    if (e.key === 'ArrowRight') onWidth(current() + step);
    else if (e.key === 'ArrowLeft') onWidth(current() - step);
    else if (e.key === 'Home') onWidth(null);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const startX = e.clientX;
    const start = current();
    const move = (ev: PointerEvent) => onWidth(start + ev.clientX - startX);
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };
  const align = column.numeric === true ? 'text-right' : 'text-left';
  const arrow = order === 'descending' ? '▼' : order === 'ascending' ? '▲' : '';
  return (
    <th
      ref={cell}
      scope="col"
      aria-sort={order}
      className={`relative border-b border-border bg-surface px-2 py-1.5 align-bottom font-semibold text-muted ${align} ${column.className ?? ''}`}
    >
      {column.sortValue === undefined ? (
        <span className={column.headerHidden === true ? 'visually-hidden' : undefined}>{column.header}</span>
      ) : (
        <button
          type="button"
          onClick={onSort}
          className={`inline-flex cursor-pointer items-center gap-1 border-0 bg-transparent p-0 font-semibold text-inherit ${align}`}
        >
          {column.header}
          <span aria-hidden="true" className="inline-block w-3 text-xs">
            {arrow}
          </span>
        </button>
      )}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${column.header}`}
        aria-valuenow={Math.round(width ?? measured)}
        aria-valuemin={column.minWidth ?? MIN_WIDTH}
        aria-valuemax={column.maxWidth ?? MAX_WIDTH}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onDoubleClick={() => onWidth(null)}
        className="absolute top-0 right-0 bottom-0 w-2 cursor-col-resize touch-none select-none hover:bg-border focus-visible:bg-accent"
      />
    </th>
  );
}

interface DataRowProps<Row> {
  readonly original: Row;
  readonly columns: readonly DataColumn<Row>[];
  readonly className: string | undefined;
  readonly height: number | undefined;
  readonly rowIndex: number | undefined;
  readonly current: boolean;
  readonly renderKey: unknown;
}

// A row renders again only when its data, its aria-rowindex (virtual tables), its columns or the
// table's render key change: a live frame that moves a few prices re-renders those few rows, and a
// row inserted above others in a table that is not virtual leaves them as they are.
const DataRow = memo(
  function DataRow<Row>({ original, columns, className, height, rowIndex, current }: DataRowProps<Row>) {
    return (
      <tr
        className={className}
        style={height === undefined ? undefined : { height }}
        aria-rowindex={rowIndex}
        aria-current={current ? 'true' : undefined}
        tabIndex={current ? -1 : undefined}
      >
        {columns.map((c) => {
          const cls = `border-b border-border px-2 py-1.5 align-top ${c.numeric === true ? 'whitespace-nowrap text-right tabular-nums' : ''} ${c.className ?? ''}`;
          return c.rowHeader === true ? (
            <th key={c.id} scope="row" className={`${cls} text-left font-normal`}>
              {c.cell(original)}
            </th>
          ) : (
            <td key={c.id} className={cls}>
              {c.cell(original)}
            </td>
          );
        })}
      </tr>
    );
  },
  (a, b) =>
    a.original === b.original &&
    a.columns === b.columns &&
    a.className === b.className &&
    a.height === b.height &&
    a.rowIndex === b.rowIndex &&
    a.current === b.current &&
    a.renderKey === b.renderKey,
) as <Row>(props: DataRowProps<Row>) => ReactNode;

function ColumnsMenu<Row>({
  columns,
  visibility,
  widths,
  onToggle,
  onResetWidths,
  label,
}: {
  readonly columns: readonly DataColumn<Row>[];
  readonly visibility: ColumnVisibilityState;
  readonly widths: ColumnSizingState;
  readonly onToggle: (id: string, on: boolean) => void;
  readonly onResetWidths: () => void;
  readonly label: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement | null>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (root.current !== null && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const hideable = columns.filter((c) => c.rowHeader !== true && c.alwaysShown !== true);
  if (hideable.length === 0) return null;
  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <Button
        variant="ghost"
        size="sm"
        icon={Columns3}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Columns of ${label}`}
        onClick={() => setOpen((o) => !o)}
      >
        Columns
      </Button>
      {open ? (
        <div id={panelId} className="absolute right-0 z-20 mt-1 w-56 rounded-control border border-border bg-surface p-2 shadow-raised">
          <fieldset className="m-0 border-0 p-0">
            <legend className="mb-1 font-semibold">Show columns</legend>
            {hideable.map((c) => (
              <label key={c.id} className="flex cursor-pointer items-center gap-2 py-0.5">
                <input type="checkbox" checked={visibility[c.id] !== false} onChange={(e) => onToggle(c.id, e.target.checked)} />
                {c.header}
              </label>
            ))}
          </fieldset>
          <Button variant="secondary" size="sm" className="mt-2 w-full" disabled={Object.keys(widths).length === 0} onClick={onResetWidths}>
            Reset widths
          </Button>
        </div>
      ) : null}
    </div>
  );
}
