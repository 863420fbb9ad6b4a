// Admin > Members > a member: who they are, their plan tier and segment, what they hold (the
// plan's capabilities and the additional ones, which an administrator grants and removes here),
// their billing ledger with a refund per paid payment (behind a confirmation: what the payment
// granted is taken back at once), their receipts, sessions, referrals and profit tracker totals; ending their sessions and
// mailing a new link to confirm their address (each behind a confirmation), and their lines of the
// audit log.
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { paths } from '../../../app/paths';
import { describeError } from '../../../components/errors';
import { formatPence } from '../../../components/money';
import { QueryState } from '../../../components/Status';
import { Badge, Button, Card, EmptyState, ErrorState, FactList, FactRow, Field, Table, Td, Th } from '../../../components/ui';
import { Dialog } from '../../../components/ui/Dialog';
import { adminDate, adminDateTime, planLabel, tierLabel } from '../format';
import { auditLogPath } from '../links';
import {
  AdminMemberQuery,
  AdminMembersQuery,
  AdminEndSessionsMutation,
  AdminRefundPaymentMutation,
  AdminResendVerificationMutation,
  AdminSetAdditionalCapabilitiesMutation,
  MemberSegmentsQuery,
  type AdminMemberQueryData,
} from '../generated/operations';

type MemberPageData = NonNullable<AdminMemberQueryData['adminMember']>;
type Payment = MemberPageData['payments'][number];

const H2 = 'm-0 mb-3 text-xl font-semibold';

export function MemberPage() {
  const { id = '' } = useParams();
  const query = useMatchkitQuery(AdminMemberQuery, { id });
  return (
    <>
      <p className="mt-0">
        <Link to={`${paths.admin}/members`}>All members</Link>
      </p>
      <QueryState query={query} loadingLabel="Loading the member…">
        {({ data: { adminMember } }) =>
          adminMember === null ? (
            <EmptyState title="There is no such member" description="They may have deleted their account." />
          ) : (
            <MemberView page={adminMember} />
          )
        }
      </QueryState>
    </>
  );
}

/** A member's page, once loaded. */
export function MemberView({ page }: { readonly page: MemberPageData }) {
  const brand = useBrand();
  const { member } = page;
  const segments = useMatchkitQuery(MemberSegmentsQuery);
  const segment =
    member.segment === null
      ? 'None'
      : (segments.data?.data.memberSegments.find((s) => s.segment === member.segment)?.label ?? member.segment);
  const headingId = useId();
  return (
    <div className="grid gap-4">
      <Card as="section" aria-labelledby={headingId}>
        <h2 id={headingId} className={H2}>
          {member.firstName} {member.lastName} <span className="font-normal text-muted">({member.email})</span>
        </h2>
        <FactList>
          <FactRow term="Username">{member.username}</FactRow>
          <FactRow term="Tier">{tierLabel(brand, member.tier)}</FactRow>
          <FactRow term="Segment">{segment}</FactRow>
          <FactRow term="Joined">{adminDate(member.joinedAt)}</FactRow>
          <FactRow term="Email address">
            {page.emailVerifiedAt === null ? 'Not confirmed' : `Confirmed ${adminDate(page.emailVerifiedAt)}`}
          </FactRow>
          <FactRow term="Signed-in sessions">{page.activeSessions}</FactRow>
          <FactRow term="Members referred">{page.referrals}</FactRow>
          <FactRow term="Profit tracker">
            {page.tracker.betCount === 0
              ? 'No bets recorded'
              : `${page.tracker.betCount} ${page.tracker.betCount === 1 ? 'bet' : 'bets'}, ${formatPence(page.tracker.staked)} staked, profit ${formatPence(page.tracker.profit)} (${formatPence(page.tracker.pendingProfit)} still to settle)`}
          </FactRow>
        </FactList>
        <p className="m-0">
          <Link to={auditLogPath(member.id)}>What administrators did to this member (audit log)</Link>
        </p>
      </Card>
      <Access memberId={member.id} email={member.email} sessions={page.activeSessions} verified={page.emailVerifiedAt !== null} />
      <Capabilities memberId={member.id} capabilities={member.capabilities} additional={member.additionalCapabilities} />
      <Payments memberId={member.id} payments={page.payments} />
      <Receipts receipts={page.receipts} />
    </div>
  );
}

/** Refetches what shows the member after a change: their page, the list and the segment counts. */
function useRefreshMember(memberId: string) {
  const { queryClient } = useMatchkit();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminMemberQuery, { id: memberId }) }),
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(AdminMembersQuery) }),
      queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MemberSegmentsQuery) }),
    ]);
}

function CodeList({ codes, label }: { readonly codes: readonly string[]; readonly label: string }) {
  if (codes.length === 0) return <p className="mt-0 text-muted">None.</p>;
  return (
    <ul aria-label={label} className="m-0 mb-3 flex list-none flex-wrap gap-2 p-0">
      {codes.map((c) => (
        <li key={c}>
          <Badge>{c}</Badge>
        </li>
      ))}
    </ul>
  );
}

function Capabilities({
  memberId,
  capabilities,
  additional,
}: {
  readonly memberId: string;
  readonly capabilities: readonly string[];
  readonly additional: readonly string[];
}) {
  const headingId = useId();
  const refresh = useRefreshMember(memberId);
  const save = useMatchkitMutation(AdminSetAdditionalCapabilitiesMutation);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = (codes: readonly string[], message: string) => {
    setProblem(null);
    setDone(null);
    save.mutate(
      { member: memberId, codes: [...codes] },
      {
        onSuccess: async ({ data }) => {
          const result = data.adminSetAdditionalCapabilities;
          if (!result.ok) {
            setProblem(result.error?.message ?? 'That did not work. Please try again.');
            return;
          }
          setCode('');
          await refresh();
          setDone(message);
        },
        onError: (error) => setProblem(describeError(error)),
      },
    );
  };
  const grant = (e: FormEvent) => {
    e.preventDefault();
    const wanted = code.trim().toUpperCase();
    if (wanted === '') return;
    if (additional.includes(wanted)) {
      setProblem(`${wanted} is granted already.`);
      return;
    }
    change([...additional, wanted], `${wanted} granted.`);
  };
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Capabilities
      </h2>
      <h3 className="m-0 mb-2 text-base font-semibold">From their plan</h3>
      <CodeList codes={capabilities} label="Capabilities from their plan" />
      <h3 className="m-0 mb-2 text-base font-semibold">Additional (granted on top of the plan)</h3>
      {additional.length === 0 ? (
        <p className="mt-0 text-muted">None.</p>
      ) : (
        <ul aria-label="Additional capabilities" className="m-0 mb-3 grid list-none gap-2 p-0">
          {additional.map((c) => (
            <li key={c} className="flex flex-wrap items-center justify-between gap-2 rounded-control border border-border px-3 py-2">
              <span className="font-semibold">{c}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={save.isPending}
                aria-label={`Remove ${c}`}
                onClick={() =>
                  change(
                    additional.filter((x) => x !== c),
                    `${c} removed.`,
                  )
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={grant} className="flex flex-wrap items-end gap-2">
        <Field
          label="Capability code"
          hint="Such as PA-CAP-006."
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete="off"
          className="max-w-60"
        />
        <Button type="submit" className="mb-4" disabled={save.isPending}>
          Grant
        </Button>
      </form>
      <p role="status" className="m-0 empty:hidden">
        {done}
      </p>
      {problem === null ? null : <ErrorState className="mt-2" message={problem} />}
    </Card>
  );
}

function paymentStatus(p: Payment): string {
  if (p.refunded) return `Refunded ${p.refundedAt === null ? '' : adminDate(p.refundedAt)}`.trim();
  return p.type === 'trial' ? 'Trial' : 'Paid';
}

function Payments({ memberId, payments }: { readonly memberId: string; readonly payments: readonly Payment[] }) {
  const brand = useBrand();
  const headingId = useId();
  const refresh = useRefreshMember(memberId);
  const refund = useMatchkitMutation(AdminRefundPaymentMutation);
  const [confirming, setConfirming] = useState<Payment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = (p: Payment, close: () => void) => {
    setProblem(null);
    setDone(null);
    refund.mutate(
      { paymentId: p.id },
      {
        onSuccess: async ({ data }) => {
          close();
          if (!data.adminRefundPayment.ok) {
            setProblem(data.adminRefundPayment.error?.message ?? 'The refund did not go through.');
            return;
          }
          await refresh();
          setDone(`Refunded ${formatPence(p.amount)} for ${planLabel(brand, p.plan)}.`);
        },
        onError: (error) => {
          close();
          setProblem(describeError(error));
        },
      },
    );
  };
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="mt-0 text-muted">No payments.</p>
      ) : (
        <Table caption="Payments" captionHidden tableClassName="min-w-2xl">
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Plan</Th>
              <Th>Period</Th>
              <Th numeric>Amount</Th>
              <Th>Status</Th>
              <Th>
                <span className="visually-hidden">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id}>
                <Th scope="row">{adminDateTime(p.at)}</Th>
                <Td>{planLabel(brand, p.plan)}</Td>
                <Td>
                  {adminDate(p.periodStart)} to {adminDate(p.periodEnd)}
                </Td>
                <Td numeric>{formatPence(p.amount)}</Td>
                <Td>{p.refunded ? <Badge tone="warning">{paymentStatus(p)}</Badge> : paymentStatus(p)}</Td>
                <Td>
                  {p.type === 'payment' && p.amount > 0 && !p.refunded ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Refund ${formatPence(p.amount)} paid ${adminDate(p.at)}`}
                      onClick={() => setConfirming(p)}
                    >
                      Refund
                    </Button>
                  ) : null}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <p role="status" className="mt-2 mb-0 empty:hidden">
        {done}
      </p>
      {problem === null ? null : <ErrorState className="mt-2" message={problem} />}
      <Dialog
        isOpen={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        role="alertdialog"
        size="sm"
        title={confirming === null ? 'Refund' : `Refund ${formatPence(confirming.amount)}?`}
        footer={(close) => (
          <>
            <Button variant="secondary" onClick={close}>
              Keep the payment
            </Button>
            <Button variant="danger" disabled={refund.isPending} onClick={() => (confirming === null ? close() : run(confirming, close))}>
              {refund.isPending ? 'Refunding…' : 'Refund in full'}
            </Button>
          </>
        )}
      >
        <p className="m-0">
          The whole payment goes back to the member&apos;s card, what it paid for ends at once, and the referrer&apos;s commission on it is
          taken back. This cannot be undone.
        </p>
      </Dialog>
    </Card>
  );
}

function Receipts({ receipts }: { readonly receipts: MemberPageData['receipts'] }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Receipts
      </h2>
      {receipts.length === 0 ? (
        <p className="m-0 text-muted">No receipts.</p>
      ) : (
        <Table caption="Receipts" captionHidden>
          <thead>
            <tr>
              <Th>Number</Th>
              <Th>Issued</Th>
              <Th>Plan</Th>
              <Th numeric>Amount</Th>
              <Th>Refunded</Th>
            </tr>
          </thead>
          <tbody>
            {receipts.map((r) => (
              <tr key={r.id}>
                <Th scope="row">{r.number}</Th>
                <Td>{adminDate(r.issuedAt)}</Td>
                <Td>{r.planLabel}</Td>
                <Td numeric>{formatPence(r.amount)}</Td>
                <Td>{r.refundedAt === null ? 'No' : adminDate(r.refundedAt)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

type AccessAction = 'end' | 'resend';

/** Ending every session of the member, and mailing a new link to confirm their address, each confirmed first. */
function Access({
  memberId,
  email,
  sessions,
  verified,
}: {
  readonly memberId: string;
  readonly email: string;
  readonly sessions: number;
  readonly verified: boolean;
}) {
  const headingId = useId();
  const refresh = useRefreshMember(memberId);
  const end = useMatchkitMutation(AdminEndSessionsMutation);
  const resend = useMatchkitMutation(AdminResendVerificationMutation);
  const [confirming, setConfirming] = useState<AccessAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pending = end.isPending || resend.isPending;
  const finish = (close: () => void, result: { ok: boolean; error: { message: string } | null }, message: string) => {
    close();
    if (!result.ok) {
      setProblem(result.error?.message ?? 'That did not work. Please try again.');
      return;
    }
    setDone(message);
    void refresh();
  };
  const run = (action: AccessAction, close: () => void) => {
    setProblem(null);
    setDone(null);
    const onError = (error: unknown) => {
      close();
      setProblem(describeError(error));
    };
    if (action === 'end')
      end.mutate(
        { member: memberId },
        { onSuccess: ({ data }) => finish(close, data.adminEndSessions, 'Signed out of every device.'), onError },
      );
    else
      resend.mutate(
        { member: memberId },
        {
          onSuccess: ({ data }) => finish(close, data.adminResendVerification, `A new confirmation link is on its way to ${email}.`),
          onError,
        },
      );
  };
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Sign-in and address
      </h2>
      <p className="mt-0">
        {sessions === 1 ? '1 device is signed in.' : `${sessions} devices are signed in.`}{' '}
        {verified ? 'Their email address is confirmed.' : 'Their email address is not confirmed yet.'}
      </p>
      <p className="m-0 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={pending || sessions === 0} onClick={() => setConfirming('end')}>
          End all sessions
        </Button>
        {verified ? null : (
          <Button variant="secondary" disabled={pending} onClick={() => setConfirming('resend')}>
            Resend verification email
          </Button>
        )}
      </p>
      <p role="status" className="mt-2 mb-0 empty:hidden">
        {done}
      </p>
      {problem === null ? null : <ErrorState className="mt-2" message={problem} />}
      <Dialog
        isOpen={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        role="alertdialog"
        size="sm"
        title={confirming === 'resend' ? 'Send a new confirmation link?' : 'Sign them out everywhere?'}
        footer={(close) => (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              variant={confirming === 'end' ? 'danger' : 'primary'}
              disabled={pending}
              onClick={() => (confirming === null ? close() : run(confirming, close))}
            >
              {confirming === 'resend' ? (resend.isPending ? 'Sending…' : 'Send the link') : end.isPending ? 'Ending…' : 'End all sessions'}
            </Button>
          </>
        )}
      >
        <p className="m-0">
          {confirming === 'resend'
            ? `We mail ${email} a new link to confirm the address; links sent before stop working.`
            : 'Every device they are signed in on is signed out at once. They can sign in again with their password.'}
        </p>
      </Dialog>
    </Card>
  );
}
