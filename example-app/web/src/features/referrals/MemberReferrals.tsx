// The signed-in member's referral code and link (with a copy button), the members who joined with
// it and the commission earned, from the server's `referrals` (the sdk's ReferralsQuery). Shared
// by /user/refer-a-friend and /affiliates.
import { useState } from 'react';
import { Copy, UserPlus } from 'lucide-react';
import { useBrand, useMatchkitQuery } from '@matchkit/react';
import { ReferralsQuery, type ReferralsQueryData } from '@matchkit/sdk/transport';
import { formatPence } from '../../components/money';
import { QueryState } from '../../components/Status';
import { CONTROL } from '../../components/Field';
import { Button, Card, cx, EmptyState, Table, Td, Th } from '../../components/ui';

/** A section's heading. */
const H2 = 'm-0 mb-3 text-xl font-semibold';

type Summary = ReferralsQueryData['referrals'];

export function MemberReferrals() {
  const query = useMatchkitQuery(ReferralsQuery);
  return (
    <QueryState query={query} loadingLabel="Loading your referrals…">
      {(result) => (
        <div className="my-4 grid gap-4">
          <ReferralLinkCard code={result.data.referrals.referralCode} url={result.data.referrals.referralUrl} />
          <ReferredMembers summary={result.data.referrals} />
          <CommissionEarned earnings={result.data.referrals.earnings} />
        </div>
      )}
    </QueryState>
  );
}

type CopyState = 'idle' | 'copied' | 'manual';

/** The code and the link, with a button that copies the link (and says how to copy it by hand where the browser will not). */
export function ReferralLinkCard({ code, url }: { readonly code: string; readonly url: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyLink = async () => {
    try {
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('manual');
      const field = document.getElementById('rf-link');
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
    }
  };
  return (
    <Card as="section" aria-labelledby="rf-link-title">
      <h2 id="rf-link-title" className={H2}>
        Your referral link
      </h2>
      <p className="mt-0">
        Your code: <strong className="font-numeric tracking-wider">{code}</strong>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="rf-link" className="visually-hidden">
          Your referral link
        </label>
        <input
          id="rf-link"
          className={cx(CONTROL, 'min-w-0 flex-[1_1_14rem] bg-bg')}
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button icon={Copy} onClick={() => void copyLink()}>
          Copy link
        </Button>
      </div>
      <p className="mt-2 mb-0 min-h-6 text-muted" role="status" aria-live="polite">
        {copy === 'copied'
          ? 'Link copied. Paste it into a message to a friend.'
          : copy === 'manual'
            ? 'Your browser did not let us copy it: the link is selected above, press Ctrl+C (⌘+C on a Mac) to copy it.'
            : ''}
      </p>
    </Card>
  );
}

/** The members who joined with the link: when, their plan and whether they are active. No names: the server gives none. */
export function ReferredMembers({ summary }: { readonly summary: Summary }) {
  const brand = useBrand();
  const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: brand.timeZone });
  const planLabel = (plan: string | null) => (plan === null ? 'No plan' : (brand.plans.find((p) => p.name === plan)?.label ?? plan));
  return (
    <Card as="section" aria-labelledby="rf-members-title">
      <h2 id="rf-members-title" className={H2}>
        Referred members
      </h2>
      <p className="mt-0">
        {summary.referredCount === 1 ? '1 member has' : `${summary.referredCount} members have`} joined with your link;{' '}
        {summary.activeCount} {summary.activeCount === 1 ? 'is' : 'are'} active now.
      </p>
      {summary.referrals.length === 0 ? (
        <EmptyState icon={UserPlus} title="No one has joined with your link yet." />
      ) : (
        <Table caption="Members who joined with your link" captionHidden>
          <thead>
            <tr>
              <Th>Member</Th>
              <Th>Joined</Th>
              <Th>Plan</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {summary.referrals.map((r, i) => (
              <tr key={r.id}>
                <Th scope="row">Member {i + 1}</Th>
                <Td>
                  <time dateTime={r.joinedAt}>{date.format(new Date(r.joinedAt))}</time>
                </Td>
                <Td>{planLabel(r.plan)}</Td>
                <Td>{r.active ? 'Active' : 'Not active'}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-03` as `March 2026`. */
function formatMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  if (year === undefined || number === undefined || !Number.isInteger(year) || !Number.isInteger(number)) return month;
  return monthName.format(new Date(Date.UTC(year, number - 1, 15)));
}

/** Commission earned, paid and owed, all time and per UK month, as the server's ledger gives it. */
export function CommissionEarned({ earnings }: { readonly earnings: Summary['earnings'] }) {
  return (
    <Card as="section" aria-labelledby="rf-earnings-title">
      <h2 id="rf-earnings-title" className={H2}>
        Commission earned
      </h2>
      <dl className="m-0 mb-4 grid grid-cols-[repeat(auto-fill,minmax(min(100%,10rem),1fr))] gap-3">
        <Total term="Commission earned" testId="commission-total">
          {formatPence(earnings.total)}
        </Total>
        <Total term="Paid out to you">{formatPence(earnings.paid)}</Total>
        <Total term="Owed to you">{formatPence(earnings.pending)}</Total>
        {earnings.reversed > 0 ? <Total term="Taken back by refunds">{formatPence(earnings.reversed)}</Total> : null}
      </dl>
      {earnings.months.length === 0 ? (
        <p className="m-0 text-muted">No commission yet: it is earned when a member you referred pays for a plan.</p>
      ) : (
        <Table caption="Commission by month (UK time)" captionHidden>
          <thead>
            <tr>
              <Th>Month</Th>
              <Th numeric>Payments by your members</Th>
              <Th numeric>Commission</Th>
              <Th numeric>Paid out</Th>
            </tr>
          </thead>
          <tbody>
            {earnings.months.map((m) => (
              <tr key={m.month}>
                <Th scope="row">{formatMonth(m.month)}</Th>
                <Td numeric>{formatPence(m.revenue)}</Td>
                <Td numeric>{formatPence(m.commission)}</Td>
                <Td numeric>{formatPence(m.paid)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

/** One total of the commission: its name over its figure. */
function Total({ term, testId, children }: { readonly term: string; readonly testId?: string; readonly children: string }) {
  return (
    <div>
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="m-0 font-numeric text-xl font-bold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
