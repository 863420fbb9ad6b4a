// The signed-in member's referral code and link (with a copy button), the members who joined with
// it, where their commission stands now (pending, under review, ready to be paid, paid: the sdk's
// commission statement, as the server gives it) with the payouts, and the commission earned per
// month, from the server's `referrals` (the sdk's ReferralsQuery). Shared by
// /user/refer-a-friend and /affiliates.
import { useState } from 'react';
import { Copy, UserPlus } from 'lucide-react';
import { useBrand, useMatchkitQuery } from '@matchkit/react';
import { REFUND_WINDOW_DAYS } from '@matchkit/sdk/referrals';
import { ReferralsQuery, type ReferralsQueryData } from '@matchkit/sdk/transport';
import { formatPence } from '../../components/money';
import { QueryState } from '../../components/Status';
import { CONTROL } from '../../components/Field';
import { Badge, Button, Card, cx, EmptyState, Table, Td, Th } from '../../components/ui';

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
          <CommissionStatus statement={result.data.referrals.statement} />
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
                <Td>
                  {r.active ? 'Active' : 'Not active'}
                  {r.underReview ? (
                    <>
                      {' '}
                      <Badge tone="warning">Under review</Badge>
                    </>
                  ) : null}
                </Td>
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

const STATE_WORDS = {
  PENDING: 'Pending',
  UNDER_REVIEW: 'Under review',
  PAYABLE: 'Ready to be paid',
  NOT_PAYABLE: 'Not payable',
} as const satisfies Record<Summary['statement']['entries'][number]['state'], string>;

/**
 * Where the commission stands now: pending through the refund window, under review, ready to be
 * paid, and paid, with each payment's state and the payouts made. Never why a referral is under
 * review: the server does not say.
 */
export function CommissionStatus({ statement }: { readonly statement: Summary['statement'] }) {
  const brand = useBrand();
  const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: brand.timeZone });
  const day = (iso: string) => <time dateTime={iso}>{date.format(new Date(iso))}</time>;
  return (
    <Card as="section" aria-labelledby="rf-status-title">
      <h2 id="rf-status-title" className={H2}>
        Your commission now
      </h2>
      <dl className="m-0 mb-4 grid grid-cols-[repeat(auto-fill,minmax(min(100%,10rem),1fr))] gap-3">
        <Total term="Pending" testId="commission-pending">
          {formatPence(statement.pending)}
        </Total>
        <Total term="Under review" testId="commission-under-review">
          {formatPence(statement.underReview)}
        </Total>
        <Total term="Ready to be paid" testId="commission-payable">
          {formatPence(statement.payable)}
        </Total>
        <Total term="Paid to you" testId="commission-paid">
          {formatPence(statement.paid)}
        </Total>
      </dl>
      <p className="mt-0 max-w-reading text-muted">
        Commission on a payment stays pending for {REFUND_WINDOW_DAYS} days, while the member can still ask for a refund, and is then ready
        to be paid. We check some referrals before paying commission on them; those show as under review until we have.
      </p>
      {statement.entries.length === 0 ? null : (
        <Table caption="Commission on each payment" captionHidden>
          <thead>
            <tr>
              <Th>Paid on</Th>
              <Th numeric>Payment</Th>
              <Th numeric>Commission</Th>
              <Th>Status</Th>
              <Th>Ready from</Th>
            </tr>
          </thead>
          <tbody>
            {statement.entries.map((e) => (
              <tr key={e.id}>
                <Th scope="row">{day(e.paidAt)}</Th>
                <Td numeric>{formatPence(e.amount)}</Td>
                <Td numeric>{formatPence(e.commission)}</Td>
                <Td>{STATE_WORDS[e.state]}</Td>
                <Td>{e.state === 'PENDING' ? day(e.payableFrom) : ''}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <h3 className="mt-4 mb-2 text-lg font-semibold">Payments to you</h3>
      {statement.payouts.length === 0 ? (
        <p className="m-0 text-muted">No payments to you yet.</p>
      ) : (
        <Table caption="Payments to you" captionHidden>
          <thead>
            <tr>
              <Th>Paid on</Th>
              <Th numeric>Amount</Th>
              <Th>Reference</Th>
            </tr>
          </thead>
          <tbody>
            {statement.payouts.map((p, i) => (
              <tr key={`${p.paidAt}-${i}`}>
                <Th scope="row">{day(p.paidAt)}</Th>
                <Td numeric>{formatPence(p.amount)}</Td>
                <Td>{p.reference ?? ''}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

/** Commission earned and taken back, all time and per UK month, as the server's ledger gives it. */
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
