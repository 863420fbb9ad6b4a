// The data table as a member uses it, in jsdom: sorting from the headers (aria-sort, back to the
// rows' own order), columns shown and hidden from the menu and kept per member and per table, widths
// changed with the keyboard and kept, the empty and loading states.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './DataTable';
import { preferencesKey, type TableStorage } from './preferences';

afterEach(cleanup);

interface Horse {
  readonly name: string;
  readonly odds: number;
  readonly stake: number;
}

// Given in the engine's order (its own figure, not any column's order below); the table is told
// that order is the odds column's, best first, as a finder's rank column is.
const horses: Horse[] = [
  { name: 'Bravo', odds: 3.5, stake: 1200 },
  { name: 'alpha', odds: 9, stake: 500 },
  { name: 'Charlie', odds: 2, stake: 800 },
];

const columns: DataColumn<Horse>[] = [
  { id: 'name', header: 'Horse', cell: (h) => h.name, rowHeader: true, sortValue: (h) => h.name },
  { id: 'odds', header: 'Odds', cell: (h) => h.odds.toFixed(2), numeric: true, sortValue: (h) => h.odds },
  { id: 'stake', header: 'Stake', cell: (h) => `£${(h.stake / 100).toFixed(2)}`, numeric: true },
  { id: 'note', header: 'Note', cell: (h) => `note on ${h.name}`, defaultHidden: true },
];

function memoryStorage(): TableStorage & { readonly data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function show(props: { storage: TableStorage; member?: string; id?: string; rows?: Horse[]; loading?: boolean }) {
  return render(
    <DataTable
      id={props.id ?? 'horses'}
      member={props.member ?? 'm1'}
      label="Horses"
      columns={columns}
      rows={props.rows ?? horses}
      rowKey={(h) => h.name}
      rankColumn="odds"
      storage={props.storage}
      empty="No horses today."
      {...(props.loading === undefined ? {} : { loading: props.loading })}
    />,
  );
}

/** The row headers' text, top to bottom. */
const names = () =>
  within(screen.getByRole('table', { name: 'Horses' }))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);
const header = (name: string) => screen.getAllByRole('columnheader').find((h) => h.textContent?.startsWith(name));

describe('DataTable', () => {
  it('is a table with column headers and row headers, numbers right-aligned in tabular figures', () => {
    show({ storage: memoryStorage() });
    const table = screen.getByRole('table', { name: 'Horses' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼]/g, '')),
    ).toEqual(['Horse', 'Odds', 'Stake']);
    const odds = within(table).getByRole('cell', { name: '9.00' });
    expect(odds.className).toContain('text-right');
    expect(odds.className).toContain('tabular-nums');
    expect(odds.className).toContain('whitespace-nowrap');
  });

  it('sorts by a header button: numbers highest first, then lowest, then the rows’ own order; aria-sort follows', () => {
    show({ storage: memoryStorage() });
    // The rows' own order is the rank column's, best first.
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(header('Odds')?.getAttribute('aria-sort')).toBe('descending');
    expect(header('Horse')?.hasAttribute('aria-sort')).toBe(false);

    const byName = screen.getByRole('button', { name: 'Horse' });
    fireEvent.click(byName);
    // Text sorts A to Z first, whatever the case.
    expect(names()).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(header('Horse')?.getAttribute('aria-sort')).toBe('ascending');
    expect(header('Odds')?.hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(byName);
    expect(names()).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(header('Horse')?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(byName);
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(header('Odds')?.getAttribute('aria-sort')).toBe('descending');

    // The rank column's button reverses the ranking, then gives it back.
    const byOdds = screen.getByRole('button', { name: 'Odds' });
    fireEvent.click(byOdds);
    expect(names()).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(header('Odds')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(byOdds);
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(header('Odds')?.getAttribute('aria-sort')).toBe('descending');
    // A column without a sort value has no button.
    expect(screen.queryByRole('button', { name: 'Stake' })).toBeNull();
  });

  it('shows and hides columns from the menu, kept per member and per table', () => {
    const storage = memoryStorage();
    const first = show({ storage });
    expect(header('Note')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Columns of Horses' }));
    // The row header cannot be hidden: it is not in the menu.
    expect(screen.queryByRole('checkbox', { name: 'Horse' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Note' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Odds' }));
    expect(header('Note')).toBeDefined();
    expect(header('Odds')).toBeUndefined();
    expect(screen.getByRole('cell', { name: 'note on alpha' })).toBeDefined();
    first.unmount();

    // The same member, the same table: as they left it.
    show({ storage });
    expect(header('Note')).toBeDefined();
    expect(header('Odds')).toBeUndefined();
    cleanup();
    // Another member, or another table: the defaults.
    show({ storage, member: 'm2' });
    expect(header('Note')).toBeUndefined();
    expect(header('Odds')).toBeDefined();
    cleanup();
    show({ storage, id: 'other' });
    expect(header('Note')).toBeUndefined();
    expect(header('Odds')).toBeDefined();
    // Only the first member's choice of the first table is stored.
    expect([...storage.data.keys()]).toEqual([preferencesKey('horses', 'm1')]);
  });

  it('resizes a column by keyboard, keeps the width for the member, and resets it', () => {
    const storage = memoryStorage();
    const first = show({ storage });
    const handle = screen.getByRole('separator', { name: 'Resize Odds' });
    handle.focus();
    // jsdom lays nothing out: the column starts at a nominal 120 px.
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('136');
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    expect(handle.getAttribute('aria-valuenow')).toBe('200');
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe('184');
    const col = () => screen.getByRole('table', { name: 'Horses' }).querySelectorAll('col')[1] as HTMLTableColElement;
    expect(col().style.width).toBe('184px');
    first.unmount();

    show({ storage });
    expect(screen.getByRole('separator', { name: 'Resize Odds' }).getAttribute('aria-valuenow')).toBe('184');
    expect(col().style.width).toBe('184px');
    // Never narrower than 48 px.
    for (let i = 0; i < 5; i++)
      fireEvent.keyDown(screen.getByRole('separator', { name: 'Resize Odds' }), { key: 'ArrowLeft', shiftKey: true });
    expect(col().style.width).toBe('48px');
    // "Reset widths" gives every column its content's width back, and forgets the stored widths.
    fireEvent.click(screen.getByRole('button', { name: 'Columns of Horses' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset widths' }));
    expect(col().style.width).toBe('');
    expect(storage.data.size).toBe(0);
  });

  it('starts a phone with fewer columns: a wide-only column is hidden under 768 px until the member shows it', () => {
    const saved = window.matchMedia;
    const media = (wide: boolean) =>
      ((query: string) => ({
        matches: wide,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })) as unknown as typeof window.matchMedia;
    const wideOnly: DataColumn<Horse>[] = [...columns, { id: 'stake2', header: 'Staked', cell: (h) => String(h.stake), wideOnly: true }];
    const table = (storage: TableStorage) => (
      <DataTable id="horses" member="m1" label="Horses" columns={wideOnly} rows={horses} rowKey={(h) => h.name} storage={storage} />
    );
    try {
      window.matchMedia = media(true);
      render(table(memoryStorage()));
      expect(header('Staked')).toBeDefined();
      cleanup();
      window.matchMedia = media(false);
      const storage = memoryStorage();
      render(table(storage));
      expect(header('Staked')).toBeUndefined();
      fireEvent.click(screen.getByRole('button', { name: 'Columns of Horses' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Staked' }));
      expect(header('Staked')).toBeDefined();
      cleanup();
      render(table(storage));
      expect(header('Staked')).toBeDefined();
    } finally {
      window.matchMedia = saved;
    }
  });

  /** The horses' table over the rows given, as a live page renders it again and again (one storage). */
  function liveTable(cols: DataColumn<Horse>[]) {
    const storage = memoryStorage();
    return (rows: Horse[]) => (
      <DataTable
        id="horses"
        member="m1"
        label="Horses"
        columns={cols}
        rows={rows}
        rowKey={(h) => h.name}
        rankColumn="odds"
        storage={storage}
      />
    );
  }

  it('renders again only the rows whose data changed: a live patch of one row, or a render of the page, leaves the others', () => {
    const drawn: string[] = [];
    const counted: DataColumn<Horse>[] = columns.map((c) => ({
      ...c,
      cell: (h: Horse) => {
        drawn.push(h.name);
        return c.cell(h);
      },
    }));
    const table = liveTable(counted);
    const { rerender } = render(table(horses));
    expect(new Set(drawn)).toEqual(new Set(['Bravo', 'alpha', 'Charlie']));
    // The page renders again (a scroll, a status line) with the same rows: no row is drawn again.
    drawn.length = 0;
    rerender(table([...horses]));
    expect(drawn).toEqual([]);
    // A patch moves alpha's odds: only alpha is drawn again.
    const moved = horses.map((h) => (h.name === 'alpha' ? { ...h, odds: 8.5 } : h));
    rerender(table(moved));
    expect(new Set(drawn)).toEqual(new Set(['alpha']));
    expect(screen.getByRole('cell', { name: '8.50' })).toBeTruthy();
    // A new row at the top (the engine's order): only it is drawn; the rows it pushed down are not.
    drawn.length = 0;
    rerender(table([{ name: 'Delta', odds: 12, stake: 100 }, ...moved]));
    expect(new Set(drawn)).toEqual(new Set(['Delta']));
    expect(names()[0]).toBe('Delta');
  });

  it('keeps a chosen sort through live changes, and the rows’ own order once it is cleared', () => {
    const table = liveTable(columns);
    const { rerender } = render(table(horses));
    const sortBy = (name: string) => fireEvent.click(within(header(name) as HTMLElement).getByRole('button'));
    sortBy('Horse');
    expect(names()).toEqual(['alpha', 'Bravo', 'Charlie']);
    // New rows while sorted: sorted in, not shown in the order given.
    const more = [{ name: 'Delta', odds: 12, stake: 100 }, ...horses, { name: 'Able', odds: 4, stake: 100 }];
    rerender(table(more));
    expect(names()).toEqual(['Able', 'alpha', 'Bravo', 'Charlie', 'Delta']);
    // Back to the rows' own order (a third press), with the same rows.
    sortBy('Horse');
    sortBy('Horse');
    expect(names()).toEqual(['Delta', 'Bravo', 'alpha', 'Charlie', 'Able']);
  });

  it('says when it is empty, and when it is loading', () => {
    const storage = memoryStorage();
    show({ storage, rows: [] });
    expect(screen.getByRole('status').textContent).toBe('No horses today.');
    cleanup();
    show({ storage, rows: [], loading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});
