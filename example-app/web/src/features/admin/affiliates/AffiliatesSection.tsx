// Admin > Affiliates: every affiliate's commission by state now (the sdk's commissionStatement on
// the server: pending through the refund window, under review, payable, paid), one affiliate's
// statement (each referred payment and payout), and recording a payout of what is payable (the
// server refuses more than that, and a member whose address is not confirmed).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { describeError } from '../../../components/errors';
import { formatPence, poundsToPence } from '../../../components/money';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, ErrorState, Field, Table, Td, Th } from '../../../components/ui';
import { adminDate } from '../format';
import {
  AdminAffiliatesQuery,
  AdminAffiliateStatementQuery,
  AdminRecordPayoutMutation,
  type AdminAffiliatesQueryData,
} from '../generated/operations';
import { adminMemberPath } from '../members/MemberList';

type Balance = AdminAffiliatesQueryData['adminAffiliates'][number];

const STATE_LABEL: Record<string, string> = {
  PENDING: 'Pending (refund window)',
  UNDER_REVIEW: 'Under review',
  PAYABLE: 'Payable',
  NOT_PAYABLE: 'Not payable',
};

export function AffiliatesSection() {
  const query = useMatchkitQuery(AdminAffiliatesQuery);
  const [chosen, setChosen] = useState<Balance | null>(null);
  return (
    <>
      <h2 className="m-0 mb-2 text-xl font-semibold">Affiliates</h2>
      <p className="mt-0 max-w-reading text-muted">
        Commission on referred members&apos; payments: pending through the refund window, then payable; held payments wait for a review
        under Commission. Payable first.
      </p>
      <QueryState query={query} loadingLabel="Loading affiliates…">
        {({ data: { adminAffiliates } }) =>
          adminAffiliates.length === 0 ? (
            <EmptyState title="No affiliate has earned commission yet" description="Members who refer paying members appear here." />
          ) : (
            <Table caption="Affiliates and their commission" captionHidden tableClassName="min-w-3xl">
              <thead>
                <tr>
                  <Th>Affiliate</Th>
                  <Th numeric>Referred payments</Th>
                  <Th numeric>Pending</Th>
                  <Th numeric>Under review</Th>
                  <Th numeric>Payable</Th>
                  <Th numeric>Paid</Th>
                  <Th>
                    <span className="visually-hidden">Statement</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {adminAffiliates.map((a) => (
                  <tr key={a.member}>
                    <Th scope="row">
                      <Link to={adminMemberPath(a.member)}>{a.email || a.member}</Link>
                    </Th>
                    <Td numeric>{a.referredPayments}</Td>
                    <Td numeric>{formatPence(a.pending)}</Td>
                    <Td numeric>{formatPence(a.underReview)}</Td>
                    <Td numeric>{formatPence(a.payable)}</Td>
                    <Td numeric>{formatPence(a.paid)}</Td>
                    <Td>
                      <Button size="sm" variant="secondary" aria-label={`Statement of ${a.email || a.member}`} onClick={() => setChosen(a)}>
                        Statement
                      </Button>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
      {chosen === null ? null : <Statement key={chosen.member} affiliate={chosen} />}
    </>
  );
}

function Statement({ affiliate }: { readonly affiliate: Balance }) {
  const query = useMatchkitQuery(AdminAffiliateStatementQuery, { member: affiliate.member });
  const { queryClient } = useMatchkit();
  const record = useMatchkitMutation(AdminRecordPayoutMutation);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reference?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const name = affiliate.email || affiliate.member;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const pence = poundsToPence(amount);
    const bad: typeof errors = {};
    if (pence === null || pence < 1) bad.amount = 'Enter an amount in pounds, such as 15.99.';
    if (reference.trim() === '') bad.reference = 'Enter the bank transfer’s reference.';
    setErrors(bad);
    if (pence === null || pence < 1 || bad.reference !== undefined) return;
    record.mutate(
      { input: { member: affiliate.member, amount: pence, reference: reference.trim() } },
      {
        onSuccess: async ({ data }) => {
          const result = data.adminRecordPayout;
          if (!result.ok) {
            const field =
              result.error?.field === 'input.amount' ? 'amount' : result.error?.field === 'input.reference' ? 'reference' : 'form';
            setErrors({ [field]: result.error?.message ?? 'That did not work. Please try again.' });
            return;
          }
          setAmount('');
          setReference('');
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminAffiliatesQuery) }),
            queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminAffiliateStatementQuery, { member: affiliate.member }) }),
          ]);
          setDone(`Payout of ${formatPence(pence)} to ${name} recorded.`);
        },
        onError: (error) => setErrors({ form: describeError(error) }),
      },
    );
  };
  return (
    <section aria-labelledby="statement-title" className="mt-6">
      <h3 id="statement-title" className="m-0 mb-2 text-lg font-semibold">
        Statement of {name}
      </h3>
      <p role="status" className="mt-0 empty:hidden">
        {done}
      </p>
      <QueryState query={query} loadingLabel="Loading the statement…">
        {({ data: { adminAffiliateStatement: s } }) => (
          <>
            <p className="mt-0">
              Total {formatPence(s.total)}: pending {formatPence(s.pending)}, under review {formatPence(s.underReview)}, payable{' '}
              {formatPence(s.payable)}, paid {formatPence(s.paid)}.
            </p>
            <Table caption={`Referred payments of ${name}`} tableClassName="min-w-2xl">
              <thead>
                <tr>
                  <Th>Paid</Th>
                  <Th numeric>Payment</Th>
                  <Th numeric>Commission</Th>
                  <Th>State</Th>
                  <Th>Payable from</Th>
                </tr>
              </thead>
              <tbody>
                {s.entries.map((e) => (
                  <tr key={e.id}>
                    <Th scope="row">{adminDate(e.paidAt)}</Th>
                    <Td numeric>{formatPence(e.amount)}</Td>
                    <Td numeric>{formatPence(e.commission)}</Td>
                    <Td>{STATE_LABEL[e.state] ?? e.state}</Td>
                    <Td>{adminDate(e.payableFrom)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {s.payouts.length === 0 ? null : (
              <Table caption={`Payouts to ${name}`} className="mt-3" tableClassName="min-w-md">
                <thead>
                  <tr>
                    <Th>Paid</Th>
                    <Th numeric>Amount</Th>
                    <Th>Reference</Th>
                  </tr>
                </thead>
                <tbody>
                  {s.payouts.map((p) => (
                    <tr key={`${p.paidAt}${p.amount}${p.reference ?? ''}`}>
                      <Th scope="row">{adminDate(p.paidAt)}</Th>
                      <Td numeric>{formatPence(p.amount)}</Td>
                      <Td>{p.reference ?? ''}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={submit} aria-label={`Record a payout to ${name}`}>
              <Field
                label="Amount (£)"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                error={errors.amount}
              />
              <Field label="Reference" value={reference} onChange={(e) => setReference(e.target.value)} error={errors.reference} />
              <Button type="submit" disabled={record.isPending || s.payable <= 0}>
                Record payout
              </Button>
            </form>
            {s.payable <= 0 ? <p className="text-muted">Nothing is payable now.</p> : null}
            {errors.form === undefined ? null : <ErrorState className="mt-3" message={errors.form} />}
          </>
        )}
      </QueryState>
    </section>
  );
}
