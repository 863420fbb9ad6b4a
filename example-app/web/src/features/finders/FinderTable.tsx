// The ranked table every finder tool shares: the engine's rows, best first, with the columns the
// tool's description names. Any column with figures can be sorted (a header button; aria-sort
// says which); the rank column is the engine's order. The engine returns at most the row count
// chosen in the filters, so the table stays small and needs no virtualiser. Each row has its
// calculator click-through and, where the tool records bets, "add to profit tracker".
import { useState } from 'react';
import { Link } from 'react-router';
import { finderCalculatorPath } from './specs';
import { AddToTracker } from '../tools';
import type { AnyFinderSpec, FilterValues, FinderRunContext } from './specs';

export interface FinderTableProps {
  readonly spec: AnyFinderSpec;
  readonly rows: readonly unknown[];
  readonly ctx: FinderRunContext;
  readonly values: FilterValues;
  /** The tool's name, for the table's caption. */
  readonly title: string;
  /** The tool's profit-tracker source; null: the tool records no bets. */
  readonly source: string | null;
}

type Sort = { readonly column: string; readonly descending: boolean } | null;

export function FinderTable({ spec, rows, ctx, values, title, source }: FinderTableProps) {
  // null: the engine's own ranking.
  const [sort, setSort] = useState<Sort>(null);
  const column = sort === null ? undefined : spec.columns.find((c) => c.id === sort.column);
  const sortBy = column?.sort;
  const shown =
    sort === null || sortBy === undefined
      ? rows
      : rows
          .map((row, rank) => ({ row, rank, value: sortBy(row) }))
          .sort((a, b) => (sort.descending ? b.value - a.value : a.value - b.value) || a.rank - b.rank)
          .map((x) => x.row);
  const press = (id: string) => {
    if (id === spec.rankColumn && (sort === null || sort.column !== id)) setSort(null);
    else if (sort !== null && sort.column === id) setSort({ column: id, descending: !sort.descending });
    else setSort({ column: id, descending: true });
  };
  const order = (id: string): 'ascending' | 'descending' | undefined => {
    if (sort === null) return id === spec.rankColumn ? 'descending' : undefined;
    if (sort.column !== id) return undefined;
    return sort.descending ? 'descending' : 'ascending';
  };
  return (
    <div className="table-scroll finder-table" role="region" aria-label={`${title} results`} tabIndex={0}>
      <table>
        <caption className="visually-hidden">
          {title}: {rows.length} rows, best first{sort === null ? '' : `, sorted by ${column?.header ?? sort.column}`}
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            {spec.columns.map((c) => (
              <th key={c.id} scope="col" aria-sort={order(c.id)} className={c.numeric === true ? 'numeric' : undefined}>
                {c.sort === undefined ? (
                  c.header
                ) : (
                  <button type="button" className="finder-sort" onClick={() => press(c.id)}>
                    {c.header}
                    <span aria-hidden="true">{order(c.id) === 'descending' ? ' ▼' : order(c.id) === 'ascending' ? ' ▲' : ''}</span>
                  </button>
                )}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={spec.key(row)}>
              <td className="numeric">{i + 1}</td>
              {spec.columns.map((c) => (
                <td key={c.id} className={c.numeric === true ? 'numeric' : undefined}>
                  {c.cell(row)}
                </td>
              ))}
              <td className="finder-actions">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
