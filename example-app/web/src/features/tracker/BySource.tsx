// "By tool": the server's totals per tracker source (trackerTotals with each source as the filter,
// one request), so a member with more bets than the page reads still sees every bet counted.
import { useBrand } from '@matchkit/react';
import type { GqlTrackedBetFilter } from '@matchkit/sdk/transport';
import { formatPence } from '../../components/money';
import { QueryState } from '../../components/Status';
import { useSourceTotals } from './api/tracker';
import { signedPence, sourceLabel } from './labels';

export function BySource({ filter, sources }: { readonly filter: GqlTrackedBetFilter; readonly sources: readonly string[] }) {
  const brand = useBrand();
  const groups = useSourceTotals(filter, sources);
  return (
    <section aria-labelledby="tracker-by-source" className="tracker-section">
      <h2 id="tracker-by-source">By tool</h2>
      <QueryState query={groups} loadingLabel="Loading totals by tool…">
        {(rows) =>
          rows.length > 0 ? (
            <div className="overflow-x-auto" role="region" aria-label="Totals by tool" tabIndex={0}>
              <table>
                <caption className="visually-hidden">Totals by tool</caption>
                <thead>
                  <tr>
                    <th scope="col">Tool</th>
                    <th scope="col">Bets</th>
                    <th scope="col">Staked</th>
                    <th scope="col">Settled profit</th>
                    <th scope="col">Expected from open bets</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((g) => (
                    <tr key={g.source}>
                      <th scope="row">{sourceLabel(brand, g.source)}</th>
                      <td>{g.totals.betCount}</td>
                      <td>{formatPence(g.totals.staked)}</td>
                      <td>{signedPence(g.totals.profit)}</td>
                      <td>{signedPence(g.totals.pendingProfit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>No bets to total yet.</p>
          )
        }
      </QueryState>
    </section>
  );
}
