// "By tool": the server's totals per tracker source (trackerTotals with each source as the filter,
// one request), so a member with more bets than the page reads still sees every bet counted. A
// DataTable: a member sorts the tools by what they staked or made.
import { useMemo } from 'react';
import { useBrand } from '@matchkit/react';
import type { GqlTrackedBetFilter } from '@matchkit/sdk/transport';
import { formatPence } from '../../components/money';
import { QueryState } from '../../components/Status';
import { DataTable, type DataColumn } from '../../components/table';
import { useSourceTotals, type SourceTotals } from './api/tracker';
import { sourceLabel } from './labels';

export interface BySourceProps {
  readonly filter: GqlTrackedBetFilter;
  readonly sources: readonly string[];
  /** The member's uid: the key their column choices are kept under. */
  readonly member: string;
}

export function BySource({ filter, sources, member }: BySourceProps) {
  const brand = useBrand();
  const groups = useSourceTotals(filter, sources);
  const columns = useMemo<DataColumn<SourceTotals>[]>(
    () => [
      {
        id: 'tool',
        header: 'Tool',
        cell: (g) => sourceLabel(brand, g.source),
        rowHeader: true,
        sortValue: (g) => sourceLabel(brand, g.source),
      },
      { id: 'bets', header: 'Bets', cell: (g) => g.totals.betCount, numeric: true, sortValue: (g) => g.totals.betCount },
      { id: 'staked', header: 'Staked', cell: (g) => formatPence(g.totals.staked), numeric: true, sortValue: (g) => g.totals.staked },
      {
        id: 'profit',
        header: 'Settled profit',
        cell: (g) => formatPence(g.totals.profit),
        numeric: true,
        sortValue: (g) => g.totals.profit,
      },
      {
        id: 'pending',
        header: 'Expected from open bets',
        cell: (g) => formatPence(g.totals.pendingProfit),
        numeric: true,
        sortValue: (g) => g.totals.pendingProfit,
      },
    ],
    [brand],
  );
  return (
    <section aria-labelledby="tracker-by-source" className="my-6">
      <h2 id="tracker-by-source" className="mb-2 text-lg font-semibold">
        By tool
      </h2>
      <QueryState query={groups} loadingLabel="Loading totals by tool…">
        {(rows) => (
          <DataTable
            id="tracker-by-source"
            member={member}
            label="Totals by tool"
            columns={columns}
            rows={rows}
            rowKey={(g) => g.source}
            empty="No bets to total yet."
          />
        )}
      </QueryState>
    </section>
  );
}
