// Admin > Analytics: the funnel visit → registration → trial → first payment → second payment over
// a range of UK days, in total (a chart and its table), by campaign and by referral, monthly
// recurring revenue (Revenue.tsx), and page views by page and plan; each table also as a CSV file. What each figure counts is in docs/admin.md:
// visits are analytics sessions of visitors who accepted analytics; the member steps count what
// happened in the range (not a cohort), so a step is shown as a share of the range's registrations,
// never of the step before (a yearly plan has no trial; most members never accept analytics).
import { useState, type FormEvent } from 'react';
import { useBrand, useMatchkitQuery } from '@matchkit/react';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, Field, Table, Td, Th } from '../../../components/ui';
import { tierLabel } from '../format';
import { AdminFunnelQuery, AdminToolUsageQuery, type GqlAdminFunnelCountsFragment } from '../generated/operations';
import { type CsvCell } from './csv';
import { CsvHeading } from './CsvHeading';
import { Programme } from './Programme';
import { lastThirtyDays, rangeProblem } from './range';
import { Bars } from './Bars';
import { Revenue } from './Revenue';
import { Trials } from './Trials';

type Counts = GqlAdminFunnelCountsFragment;

/** The funnel's steps, in order, with the field of each. */
const STEPS: readonly { readonly key: keyof Counts; readonly label: string }[] = [
  { key: 'visits', label: 'Visits' },
  { key: 'registrations', label: 'Registrations' },
  { key: 'trials', label: 'Trials started' },
  { key: 'firstPayments', label: 'First payments' },
  { key: 'secondPayments', label: 'Second payments' },
];

const NUMBER = new Intl.NumberFormat('en-GB');
const show = (n: number | null) => (n === null ? '–' : NUMBER.format(n));

/** `part` as a percentage of `whole`, one decimal, or a dash when it cannot be worked out. */
function share(part: number | null, whole: number | null): string {
  if (part === null || whole === null || whole === 0) return '–';
  return `${((part / whole) * 100).toFixed(1)}%`;
}

const countCells = (c: Counts): CsvCell[] => STEPS.map((s) => c[s.key]);

export function AnalyticsSection() {
  const [range, setRange] = useState(() => lastThirtyDays(Date.now()));
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = rangeProblem(from, to);
    setProblem(bad);
    if (bad === null) setRange({ from, to });
  };
  return (
    <>
      <h2 className="m-0 mb-2 text-xl font-semibold">Analytics</h2>
      <p className="mt-0 max-w-reading text-muted">
        Counts over UK days. Visits come from visitors who accepted analytics; registrations, trials and payments are every member&apos;s,
        on the day they happened.
      </p>
      <form className="mb-4 flex flex-wrap items-end gap-3" onSubmit={submit} aria-label="Date range">
        <Field
          label="From (UK date)"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={problem?.field === 'from' ? problem.message : undefined}
        />
        <Field
          label="To (UK date)"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={problem?.field === 'to' ? problem.message : undefined}
        />
        <Button type="submit">Show</Button>
      </form>
      <Funnel from={range.from} to={range.to} />
      <Revenue from={range.from} to={range.to} />
      <Trials from={range.from} to={range.to} />
      <Programme from={range.from} to={range.to} />
      <ToolUsage from={range.from} to={range.to} />
    </>
  );
}

function Funnel({ from, to }: { readonly from: string; readonly to: string }) {
  const query = useMatchkitQuery(AdminFunnelQuery, { from, to });
  return (
    <QueryState query={query} loadingLabel="Loading the funnel…">
      {({ data: { adminFunnel: f } }) => {
        return (
          <>
            <section aria-labelledby="funnel-title" className="mb-6">
              <h3 id="funnel-title" className="m-0 mb-2 text-lg font-semibold">
                Funnel, {from} to {to}
              </h3>
              <Bars bars={STEPS.map((step) => ({ label: step.label, value: f.total[step.key] ?? 0 }))} />
              <Table caption="The funnel in total" tableClassName="min-w-md">
                <thead>
                  <tr>
                    <Th>Step</Th>
                    <Th numeric>Count</Th>
                    <Th numeric>Of registrations</Th>
                  </tr>
                </thead>
                <tbody>
                  {STEPS.map((s, i) => (
                    <tr key={s.key}>
                      <Th scope="row">{s.label}</Th>
                      <Td numeric>{show(f.total[s.key])}</Td>
                      <Td numeric>{i < 2 ? '–' : share(f.total[s.key], f.total.registrations)}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </section>
            <section aria-labelledby="campaign-title" className="mb-6">
              <CsvHeading
                id="campaign-title"
                title="By campaign"
                what="campaigns"
                file={`funnel-by-campaign-${from}-to-${to}.csv`}
                header={['source', 'medium', 'campaign', ...STEPS.map((s) => s.key)]}
                rows={() => f.byCampaign.map((c) => [c.source, c.medium, c.campaign, ...countCells(c.counts)])}
              />
              {f.byCampaign.length === 0 ? (
                <EmptyState title="Nothing in this range" description="Visits and members of these days appear here." />
              ) : (
                <Table caption="The funnel by campaign" captionHidden tableClassName="min-w-3xl">
                  <thead>
                    <tr>
                      <Th>Source</Th>
                      <Th>Medium</Th>
                      <Th>Campaign</Th>
                      {STEPS.map((s) => (
                        <Th key={s.key} numeric>
                          {s.label}
                        </Th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {f.byCampaign.map((c) => (
                      <tr key={`${c.source}\u0000${c.medium}\u0000${c.campaign}`}>
                        <Th scope="row">{c.source}</Th>
                        <Td>{c.medium}</Td>
                        <Td>{c.campaign}</Td>
                        {STEPS.map((s) => (
                          <Td key={s.key} numeric>
                            {show(c.counts[s.key])}
                          </Td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </section>
            <section aria-labelledby="referral-title" className="mb-6">
              <CsvHeading
                id="referral-title"
                title="By referral"
                what="referrals"
                file={`funnel-by-referral-${from}-to-${to}.csv`}
                header={['referred', ...STEPS.slice(1).map((s) => s.key)]}
                rows={() => f.byReferral.map((r) => [r.referred ? 'yes' : 'no', ...countCells(r.counts).slice(1)])}
              />
              <Table caption="The funnel by referral" captionHidden tableClassName="min-w-2xl">
                <thead>
                  <tr>
                    <Th>Members</Th>
                    {STEPS.slice(1).map((s) => (
                      <Th key={s.key} numeric>
                        {s.label}
                      </Th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {f.byReferral.map((r) => (
                    <tr key={String(r.referred)}>
                      <Th scope="row">{r.referred ? 'Joined with a referral code' : 'Joined without one'}</Th>
                      {STEPS.slice(1).map((s) => (
                        <Td key={s.key} numeric>
                          {show(r.counts[s.key])}
                        </Td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </section>
          </>
        );
      }}
    </QueryState>
  );
}

function ToolUsage({ from, to }: { readonly from: string; readonly to: string }) {
  const brand = useBrand();
  const query = useMatchkitQuery(AdminToolUsageQuery, { from, to });
  return (
    <section aria-labelledby="usage-title">
      <QueryState query={query} loadingLabel="Loading page views…">
        {({ data: { adminToolUsage: rows } }) => (
          <>
            <CsvHeading
              id="usage-title"
              title="Page views by plan"
              what="page views"
              file={`page-views-${from}-to-${to}.csv`}
              header={['page', 'plan', 'page views']}
              rows={() => rows.map((r) => [r.page, r.tier, r.events])}
            />
            {rows.length === 0 ? (
              <EmptyState title="No page views in this range" description="Page views of visitors who accepted analytics appear here." />
            ) : (
              <>
                <Bars bars={pageTotals(rows).slice(0, 10)} />
                <Table caption="Page views by page and plan" captionHidden tableClassName="min-w-xl">
                  <thead>
                    <tr>
                      <Th>Page</Th>
                      <Th>Plan</Th>
                      <Th numeric>Page views</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={`${r.page}\u0000${r.tier}`}>
                        <Th scope="row">{r.page}</Th>
                        <Td>{r.tier === 'visitor' ? 'Signed out' : tierLabel(brand, r.tier)}</Td>
                        <Td numeric>{show(r.events)}</Td>
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

/** Page views per page over every plan, the most viewed first (the chart's bars). */
function pageTotals(rows: readonly { readonly page: string; readonly events: number }[]): { label: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.page, (totals.get(r.page) ?? 0) + r.events);
  return [...totals.entries()]
    .map(([label, value]) => ({ label, value }))
    .sort((a, b) => b.value - a.value || (a.label < b.label ? -1 : 1));
}
