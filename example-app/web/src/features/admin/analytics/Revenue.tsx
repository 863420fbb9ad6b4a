// Admin > Analytics, revenue: monthly recurring revenue (MRR) per UK calendar month of the range and
// what moved it, from the server's adminRevenue (the sdk's monthlyRevenueAt over every member's
// ledger; docs/admin.md "Revenue"); a chart drawn from the table, and CSV. Trial conversion, from
// the same answer, is Trials.tsx.
import { useMatchkitQuery } from '@matchkit/react';
import { formatPence } from '../../../components/money';
import { QueryState } from '../../../components/Status';
import { EmptyState, Table, Td, Th } from '../../../components/ui';
import { adminDateTime, monthLabel, periodLabel } from '../format';
import { AdminRevenueQuery, type GqlAdminRevenuePeriodFragment } from '../generated/operations';
import { Bars } from './Bars';
import { CsvHeading } from './CsvHeading';

type Period = GqlAdminRevenuePeriodFragment;

const COLUMNS: readonly { readonly key: keyof Period; readonly label: string }[] = [
  { key: 'mrrStart', label: 'MRR at start' },
  { key: 'new', label: 'New' },
  { key: 'expansion', label: 'Expansion' },
  { key: 'contraction', label: 'Contraction' },
  { key: 'churned', label: 'Churned' },
  { key: 'mrrEnd', label: 'MRR at end' },
];

export function Revenue({ from, to }: { readonly from: string; readonly to: string }) {
  const query = useMatchkitQuery(AdminRevenueQuery, { from, to });
  return (
    <section aria-labelledby="revenue-title" className="mb-6">
      <QueryState query={query} loadingLabel="Loading revenue…">
        {({ data: { adminRevenue: r } }) => {
          return (
            <>
              <CsvHeading
                id="revenue-title"
                title="Monthly recurring revenue"
                what="revenue"
                file={`revenue-${from}-to-${to}.csv`}
                header={[
                  'month',
                  'from',
                  'to',
                  ...COLUMNS.map((c) => `${c.key} (pence)`),
                  'new members',
                  'expansion members',
                  'contraction members',
                  'churned members',
                ]}
                rows={() =>
                  [...r.months, r.total].map((p) => [
                    p.month ?? 'total',
                    p.from,
                    p.to,
                    ...COLUMNS.map((c) => p[c.key] as number),
                    p.newMembers,
                    p.expansionMembers,
                    p.contractionMembers,
                    p.churnedMembers,
                  ])
                }
              />
              <p className="mt-0 max-w-reading text-muted">
                As of {adminDateTime(r.asOf)}. A yearly plan counts as a twelfth of its price a month.
                {r.membersBehind > 0 ? ` ${r.membersBehind} members' latest changes are still being added.` : ''}
              </p>
              {r.months.length === 0 ? (
                <EmptyState title="No month of this range has begun" description="Choose days up to today." />
              ) : (
                <>
                  <Bars bars={r.months.map((m) => ({ label: m.month === null ? '' : monthLabel(m.month), value: m.mrrEnd }))} />
                  <Table caption="Monthly recurring revenue by month" captionHidden tableClassName="min-w-3xl">
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
                      {[...r.months, r.total].map((p) => (
                        <tr key={p.month ?? 'total'}>
                          <Th scope="row">{periodLabel(p)}</Th>
                          {COLUMNS.map((c) => (
                            <Td key={c.key} numeric>
                              {formatPence(p[c.key] as number)}
                            </Td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
