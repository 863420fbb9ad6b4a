// The signed-in member's referral code and link (with a copy button), the members who joined with
// it and the commission earned, from the server's `referrals` (the sdk's ReferralsQuery). Shared
// by /user/refer-a-friend and /affiliates.
import { useState } from 'react';
import { useBrand, useMatchkitQuery } from '@matchkit/react';
import { ReferralsQuery, type ReferralsQueryData } from '@matchkit/sdk/transport';
import { formatPence } from '../../components/money';
import { QueryState } from '../../components/Status';
import './referrals.css';

type Summary = ReferralsQueryData['referrals'];

export function MemberReferrals() {
  const query = useMatchkitQuery(ReferralsQuery);
  return (
    <QueryState query={query} loadingLabel="Loading your referrals…">
      {(result) => (
        <div className="rf-sections">
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
    <section className="card rf-card" aria-labelledby="rf-link-title">
      <h2 id="rf-link-title">Your referral link</h2>
      <p>
        Your code: <strong className="rf-code">{code}</strong>
      </p>
      <div className="rf-copy-row">
        <label htmlFor="rf-link" className="visually-hidden">
          Your referral link
        </label>
        <input id="rf-link" className="rf-link" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void copyLink()}>
          Copy link
        </button>
      </div>
      <p className="rf-copy-status" role="status" aria-live="polite">
        {copy === 'copied'
          ? 'Link copied. Paste it into a message to a friend.'
          : copy === 'manual'
            ? 'Your browser did not let us copy it: the link is selected above, press Ctrl+C (⌘+C on a Mac) to copy it.'
            : ''}
      </p>
    </section>
  );
}

/** The members who joined with the link: when, their plan and whether they are active. No names: the server gives none. */
export function ReferredMembers({ summary }: { readonly summary: Summary }) {
  const brand = useBrand();
  const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: brand.timeZone });
  const planLabel = (plan: string | null) => (plan === null ? 'No plan' : (brand.plans.find((p) => p.name === plan)?.label ?? plan));
  return (
    <section className="card rf-card" aria-labelledby="rf-members-title">
      <h2 id="rf-members-title">Referred members</h2>
      <p>
        {summary.referredCount === 1 ? '1 member has' : `${summary.referredCount} members have`} joined with your link;{' '}
        {summary.activeCount} {summary.activeCount === 1 ? 'is' : 'are'} active now.
      </p>
      {summary.referrals.length === 0 ? (
        <p className="hint">No one has joined with your link yet.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="rf-members-title">
          <table>
            <caption className="visually-hidden">Members who joined with your link</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Joined</th>
                <th scope="col">Plan</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {summary.referrals.map((r, i) => (
                <tr key={r.id}>
                  <th scope="row">Member {i + 1}</th>
                  <td>
                    <time dateTime={r.joinedAt}>{date.format(new Date(r.joinedAt))}</time>
                  </td>
                  <td>{planLabel(r.plan)}</td>
                  <td>{r.active ? 'Active' : 'Not active'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
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
    <section className="card rf-card" aria-labelledby="rf-earnings-title">
      <h2 id="rf-earnings-title">Commission earned</h2>
      <dl className="rf-totals">
        <div>
          <dt>Commission earned</dt>
          <dd data-testid="commission-total">{formatPence(earnings.total)}</dd>
        </div>
        <div>
          <dt>Paid out to you</dt>
          <dd>{formatPence(earnings.paid)}</dd>
        </div>
        <div>
          <dt>Owed to you</dt>
          <dd>{formatPence(earnings.pending)}</dd>
        </div>
        {earnings.reversed > 0 ? (
          <div>
            <dt>Taken back by refunds</dt>
            <dd>{formatPence(earnings.reversed)}</dd>
          </div>
        ) : null}
      </dl>
      {earnings.months.length === 0 ? (
        <p className="hint">No commission yet: it is earned when a member you referred pays for a plan.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Commission by month">
          <table>
            <caption className="visually-hidden">Commission by month (UK time)</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Payments by your members</th>
                <th scope="col">Commission</th>
                <th scope="col">Paid out</th>
              </tr>
            </thead>
            <tbody>
              {earnings.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{formatMonth(m.month)}</th>
                  <td>{formatPence(m.revenue)}</td>
                  <td>{formatPence(m.commission)}</td>
                  <td>{formatPence(m.paid)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
