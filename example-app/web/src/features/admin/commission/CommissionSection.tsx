// Admin > Commission: the commission held for review (a referred member flagged by the referral
// abuse checks: the same card as the affiliate, or the same sign-up address and device), oldest
// first, each approved (it becomes pending or payable) or rejected (it earns nothing).
import { useState } from 'react';
import { Link } from 'react-router';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { describeError } from '../../../components/errors';
import { formatPence } from '../../../components/money';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, ErrorState, Table, Td, Th } from '../../../components/ui';
import { adminDate, heldReason } from '../format';
import { AdminHeldCommissionQuery, AdminReviewCommissionMutation, type GqlCommissionDecision } from '../generated/operations';
import { adminMemberPath } from '../members/MemberList';

export function CommissionSection() {
  const query = useMatchkitQuery(AdminHeldCommissionQuery);
  const { queryClient } = useMatchkit();
  const review = useMatchkitMutation(AdminReviewCommissionMutation);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const decide = (id: string, decision: GqlCommissionDecision) => {
    setProblem(null);
    setDone(null);
    review.mutate(
      { input: { id, decision } },
      {
        onSuccess: async ({ data }) => {
          if (!data.adminReviewCommission.ok) {
            setProblem(data.adminReviewCommission.error?.message ?? 'That did not work. Please try again.');
            return;
          }
          await queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminHeldCommissionQuery) });
          setDone(decision === 'APPROVE' ? 'Commission approved.' : 'Commission rejected.');
        },
        onError: (error) => setProblem(describeError(error)),
      },
    );
  };
  return (
    <>
      <h2 className="m-0 mb-2 text-xl font-semibold">Held for review</h2>
      <p className="mt-0 max-w-reading text-muted">
        Commission on a referred member&apos;s payment is held when the referral looks like an affiliate referring themselves. Approve it to
        pay it as usual, or reject it so that it earns nothing. The affiliate only ever sees &ldquo;under review&rdquo;.
      </p>
      <p role="status" className="mt-0 empty:hidden">
        {done}
      </p>
      {problem === null ? null : <ErrorState className="mb-3" message={problem} />}
      <QueryState query={query} loadingLabel="Loading held commission…">
        {({ data: { adminHeldCommission } }) =>
          adminHeldCommission.length === 0 ? (
            <EmptyState title="Nothing is held for review" description="Commission held by the referral checks appears here." />
          ) : (
            <Table caption="Commission held for review" captionHidden tableClassName="min-w-3xl">
              <thead>
                <tr>
                  <Th>Paid</Th>
                  <Th>Member</Th>
                  <Th>Affiliate</Th>
                  <Th>Why it is held</Th>
                  <Th numeric>Payment</Th>
                  <Th numeric>Commission</Th>
                  <Th>
                    <span className="visually-hidden">Decision</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {adminHeldCommission.map((h) => (
                  <tr key={h.id}>
                    <Th scope="row">{adminDate(h.paidAt)}</Th>
                    <Td>
                      <Link to={adminMemberPath(h.member)}>{h.member}</Link>
                    </Td>
                    <Td>
                      <Link to={adminMemberPath(h.affiliate)}>{h.affiliate}</Link>
                    </Td>
                    <Td>{heldReason(h.reason)}</Td>
                    <Td numeric>{formatPence(h.amount)}</Td>
                    <Td numeric>{formatPence(h.commission)}</Td>
                    <Td>
                      <span className="flex gap-2">
                        <Button
                          size="sm"
                          disabled={review.isPending}
                          aria-label={`Approve ${formatPence(h.commission)} commission on ${h.member}'s payment`}
                          onClick={() => decide(h.id, 'APPROVE')}
                        >
                          Approve
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={review.isPending}
                          aria-label={`Reject ${formatPence(h.commission)} commission on ${h.member}'s payment`}
                          onClick={() => decide(h.id, 'REJECT')}
                        >
                          Reject
                        </Button>
                      </span>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
    </>
  );
}
