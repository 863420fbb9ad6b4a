// Admin > Analytics, trial conversion: of the members whose first trial began in each UK month of
// the range, how many have made a first payment since (adminRevenue's trialConversion, the same
// answer as the revenue table's); a chart of each month's rate, the table with the whole range, and CSV.
import { useMatchkitQuery } from '@matchkit/react';
import { QueryState } from '../../../components/Status';
import { EmptyState, Table, Td, Th } from '../../../components/ui';
import { monthLabel, periodLabel } from '../format';
import { AdminRevenueQuery } from '../generated/operations';
import { Bars } from './Bars';
import { CsvHeading } from './CsvHeading';

/** "42.9%" (one decimal), or "–" with no trials. */
function rate(converted: number, trials: number): string {
  return trials === 0 ? '–' : `${((converted / trials) * 100).toFixed(1)}%`;
}

export function Trials({ from, to }: { readonly from: string; readonly to: string }) {
  const query = useMatchkitQuery(AdminRevenueQuery, { from, to });
  return (
    <section aria-labelledby="trials-title" className="mb-6">
      <QueryState query={query} loadingLabel="Loading trial conversion…">
        {({ data: { adminRevenue: r } }) => {
          const t = r.trialConversion;
          return (
            <>
              <CsvHeading
                id="trials-title"
                title="Trial conversion"
                what="trial conversion"
                file={`trial-conversion-${from}-to-${to}.csv`}
                header={['month', 'from', 'to', 'trials', 'converted']}
                rows={() => [
                  ...t.months.map((m) => [m.month, m.from, m.to, m.trials, m.converted]),
                  ['total', from, to, t.trials, t.converted],
                ]}
              />
              <p className="mt-0 max-w-reading text-muted">
                Members whose first trial began in the month, and how many of them have made a first payment since.
              </p>
              {t.months.length === 0 ? (
                <EmptyState title="No month of this range has begun" description="Choose days up to today." />
              ) : (
                <>
                  {/* Each month's rate in tenths of a percent, a full bar 100%. */}
                  <Bars
                    max={1000}
                    bars={t.months.map((m) => ({
                      label: monthLabel(m.month),
                      value: m.trials === 0 ? 0 : Math.round((m.converted / m.trials) * 1000),
                    }))}
                  />
                  <Table caption="Trial conversion by month" captionHidden tableClassName="min-w-xl">
                    <thead>
                      <tr>
                        <Th>Month the trial began</Th>
                        <Th numeric>Trials</Th>
                        <Th numeric>Paid since</Th>
                        <Th numeric>Conversion</Th>
                      </tr>
                    </thead>
                    <tbody>
                      {[...t.months.map((m) => ({ label: periodLabel(m), ...m })), { label: 'The whole range', ...t }].map((m) => (
                        <tr key={m.label}>
                          <Th scope="row">{m.label}</Th>
                          <Td numeric>{m.trials.toLocaleString('en-GB')}</Td>
                          <Td numeric>{m.converted.toLocaleString('en-GB')}</Td>
                          <Td numeric>{rate(m.converted, m.trials)}</Td>
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
