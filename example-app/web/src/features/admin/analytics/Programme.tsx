// Admin > Analytics, the affiliate programme: referred members' payments and refunds, commission
// earned and reversed, and payouts, by UK month of the range (adminAffiliateProgramme): a chart of
// the commission kept (earned less reversed), the table, and CSV.
import { useMatchkitQuery } from '@matchkit/react';
import { formatPence } from '../../../components/money';
import { QueryState } from '../../../components/Status';
import { EmptyState, Table, Td, Th } from '../../../components/ui';
import { monthInRange, monthLabel, periodLabel } from '../format';
import { AdminAffiliateProgrammeQuery } from '../generated/operations';
import { Bars } from './Bars';
import { CsvHeading } from './CsvHeading';

const COLUMNS = [
  { key: 'revenue', label: 'Referred payments' },
  { key: 'commission', label: 'Commission earned' },
  { key: 'refunded', label: 'Refunded' },
  { key: 'reversed', label: 'Commission reversed' },
  { key: 'paidOut', label: 'Paid out' },
] as const;

export function Programme({ from, to }: { readonly from: string; readonly to: string }) {
  const query = useMatchkitQuery(AdminAffiliateProgrammeQuery, { from, to });
  return (
    <section aria-labelledby="programme-title" className="mb-6">
      <QueryState query={query} loadingLabel="Loading the affiliate programme…">
        {({ data: { adminAffiliateProgramme: p } }) => (
          <>
            <CsvHeading
              id="programme-title"
              title="Affiliate revenue and commission"
              what="affiliates"
              file={`affiliates-${from}-to-${to}.csv`}
              header={['month', 'from', 'to', ...COLUMNS.map((c) => `${c.key} (pence)`)]}
              rows={() =>
                p.months.map((m) => {
                  const days = monthInRange(m.month, from, to);
                  return [m.month, days.from, days.to, ...COLUMNS.map((c) => m[c.key])];
                })
              }
            />
            {p.months.length === 0 ? (
              <EmptyState title="No referred payments in this range" description="Payments by referred members and payouts appear here." />
            ) : (
              <>
                <Bars
                  bars={p.months.map((m) => ({
                    label: monthLabel(m.month),
                    value: m.commission - m.reversed,
                  }))}
                />
                <Table caption="Affiliate revenue and commission by month" captionHidden tableClassName="min-w-2xl">
                  <thead>
                    <tr>
                      <Th>Month</Th>
                      {COLUMNS.map((c) => (
                        <Th key={c.key} numeric>
                          {c.label}
                        </Th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {p.months.map((m) => (
                      <tr key={m.month}>
                        {/* The range may cut its first and last months: their days are named. */}
                        <Th scope="row">{periodLabel(monthInRange(m.month, from, to))}</Th>
                        {COLUMNS.map((c) => (
                          <Td key={c.key} numeric>
                            {formatPence(m[c.key])}
                          </Td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
