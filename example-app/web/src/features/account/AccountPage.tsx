// /user/account, "Your account" (members only): the member's plan (the sdk's planTier), billing
// term, trial, the current term's end, the next charge and its amount (the sdk's termPrice) with
// why it comes before the term's end (the brand's no-charge window), the end of access after
// cancelling and resuming until then, cancelling (with a confirmation), the upgrades the brand
// sells from this plan, the purchases, the tools the plan unlocks (the sdk's availableTools), and
// the result of a payment when the provider sends the member back here with ?checkout={id}.
// A notice until the member's address is confirmed (with "Send again"), and the account settings
// (settings/): name, email address (confirmed by a link to the new one), password, the signed-in
// devices with sign-out (one, or everywhere), download my data, closing the account.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowDownCircle, ArrowUpCircle, CreditCard, FileText, Receipt, RotateCcw } from 'lucide-react';
import { useAvailableTools, useBrand, useMatchkitQuery, usePlanTier } from '@matchkit/react';
import { downgradeOptions, termPrice } from '@matchkit/sdk/billing';
import { MyPurchasesQuery, type GqlUser } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/Status';
import { Badge, Button, ButtonLink, Card, cx, EmptyState, FactList, FactRow, Table, Td, Th } from '../../components/ui';
import { formatLondonDate, isoOf } from '../plans';
import { RequireMember, useSession } from '../session';
import {
  CancelDowngradeMutation,
  CancellationQuery,
  CancelSubscriptionMutation,
  MyReceiptsQuery,
  receiptFile,
  ResumeSubscriptionMutation,
  ScheduleDowngradeMutation,
  UPDATE_CARD_URL,
} from './api/billing';
import { CheckoutResult } from './CheckoutResult';
import { useSubscriptionChange } from './useSubscriptionChange';
import { SETTINGS_H2, SETTINGS_SECTION } from './settings/layout';
import { AddressNotice } from './settings/AddressNotice';
import { CloseSection } from './settings/CloseSection';
import { DataSection } from './settings/DataSection';
import { DevicesSection } from './settings/DevicesSection';
import { EmailSection } from './settings/EmailSection';
import { NameSection } from './settings/NameSection';
import { PasswordSection } from './settings/PasswordSection';
import { TwoFactorSection } from './settings/TwoFactorSection';

/** A row of buttons or links (a list, or a paragraph holding them). */
const BUTTON_ROW = 'm-0 flex list-none flex-wrap items-center gap-2 p-0';
const SECTION = SETTINGS_SECTION;
const H2 = SETTINGS_H2;

export function AccountPage() {
  return (
    <RequireMember>
      <Account />
    </RequireMember>
  );
}

function Account() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout');
  if (user === null || user === undefined) return null;
  return (
    <Page title="Your account" lead={`Signed in as ${user.firstName} ${user.lastName} (${user.email}).`}>
      <AddressNotice />
      {checkoutId === null || checkoutId === '' ? null : <CheckoutResult id={checkoutId} left={params.get('left') === '1'} />}
      <PlanSection user={user} />
      <ToolsSection user={user} />
      <PurchasesSection />
      <ReceiptsSection />
      {user.billing?.customerId === null || user.billing?.customerId === undefined ? null : <CardSection problem={params.get('card')} />}
      <NameSection key={`${user.firstName} ${user.lastName}`} user={user} />
      <EmailSection email={user.email} />
      <PasswordSection user={user} />
      <TwoFactorSection />
      <DevicesSection />
      <DataSection />
      <CloseSection />
    </Page>
  );
}

function Time({ at }: { readonly at: string | number }) {
  return <time dateTime={isoOf(at)}>{formatLondonDate(at)}</time>;
}

function PlanSection({ user }: { readonly user: GqlUser }) {
  const brand = useBrand();
  const tier = usePlanTier(user);
  const plan = brand.plans.find((p) => p.name === tier);
  const tierLabel =
    tier === 'free' ? 'No plan' : tier === 'admin' ? 'Administrator' : (brand.tiers.find((t) => t.id === tier)?.label ?? tier);
  const sub = user.subscription;
  const nextChargeAt = user.billing?.nextChargeAt ?? null;
  // A downgrade waiting for its term is already the next charge's plan.
  const pending = sub?.pendingDowngrade ?? null;
  const nextPlan = pending?.plan ?? plan?.name;
  const nextAmount =
    nextPlan !== undefined && sub !== null && nextChargeAt !== null
      ? termPrice(brand, nextPlan, { term: sub.billingTerm, at: Date.parse(nextChargeAt), first: sub.isTrial })
      : undefined;
  const upgrades = brand.upgrades.filter((u) => u.from === tier);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Card as="section" className={SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={H2}>
        Your plan
      </h2>
      <FactList className="max-w-xl">
        <FactRow term="Plan">{tierLabel}</FactRow>
        {sub === null ? null : (
          <>
            <FactRow term="Billing">{sub.billingTerm === 'month' ? 'Monthly' : 'Yearly'}</FactRow>
            {sub.isTrial ? (
              <FactRow term="Free trial">
                {sub.endsAt === null ? (
                  'Yes'
                ) : (
                  <>
                    Ends on <Time at={sub.endsAt} />
                  </>
                )}
              </FactRow>
            ) : null}
            {nextChargeAt === null ? (
              <FactRow term="Access until">{sub.endsAt === null ? 'No end date' : <Time at={sub.endsAt} />}</FactRow>
            ) : (
              <>
                {/* endsAt is the end of everything paid: inside the no-charge window, after the renewal is
                    charged, that is the next term's end, so it is not called the current term's. */}
                {sub.isTrial || sub.endsAt === null ? null : (
                  <FactRow term="Paid until">
                    <Time at={sub.endsAt} />
                  </FactRow>
                )}
                <FactRow term="Next payment">
                  {nextAmount === undefined ? null : `${formatPence(nextAmount)} on `}
                  <Time at={nextChargeAt} />
                </FactRow>
              </>
            )}
          </>
        )}
      </FactList>
      {sub !== null && !sub.isTrial && sub.endsAt !== null && nextChargeAt !== null && Date.parse(nextChargeAt) < Date.parse(sub.endsAt) ? (
        <p className="max-w-reading text-sm text-muted">
          We take each renewal {brand.billing.daysBeforeSubscriptionEndNotToCharge} days before the term ends, so that your plan carries on
          without a gap and a payment that fails can be put right in time. Cancel before <Time at={nextChargeAt} /> and nothing more is
          charged.
        </p>
      ) : null}
      {sub !== null && nextChargeAt === null && sub.cancelledAt !== null ? (
        // Resume takes back a cancellation: it is offered only after one, until access ends.
        <ResumeOrBuyAgain endsAt={sub.endsAt} onResumed={() => heading.current?.focus()} />
      ) : null}
      {sub !== null && nextChargeAt === null && sub.cancelledAt === null && sub.paymentFailedAt !== null ? (
        // The member did not cancel: there is nothing to resume, the payment provider retries the charge.
        <p>
          Your renewal payment on <Time at={sub.paymentFailedAt} /> did not go through, so your subscription will not renew. You keep your
          plan until {sub.endsAt === null ? 'the end of what you paid for' : <Time at={sub.endsAt} />}.
        </p>
      ) : null}
      {sub === null ? (
        <p>
          You do not have a subscription. <Link to={paths.pro}>See plans and prices</Link>
        </p>
      ) : null}
      {upgrades.length > 0 && sub !== null ? (
        <>
          <h3 className="m-0 mt-6 mb-2 border-t border-border pt-4 text-lg font-semibold">Upgrade</h3>
          {nextChargeAt === null && sub.cancelledAt !== null ? (
            <p className="mt-0 text-sm text-muted">Resume your subscription first to upgrade it: an upgrade changes a plan that renews.</p>
          ) : null}
          <ul className={BUTTON_ROW}>
            {upgrades.map((u) => (
              <li key={u.slug}>
                <ButtonLink variant="secondary" icon={ArrowUpCircle} to={paths.subscribe(u.slug)}>
                  Upgrade to {brand.plans.find((p) => p.name === u.to)?.label ?? u.to}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {plan !== undefined && sub !== null && nextChargeAt !== null && sub.cancelledAt === null ? (
        <Downgrade
          current={plan.name}
          term={sub.billingTerm}
          first={sub.isTrial}
          chargeAt={nextChargeAt}
          startsAt={pending?.startsAt ?? sub.endsAt}
          pending={pending?.plan ?? null}
          chargedAt={pending?.chargedAt ?? null}
          onChanged={() => heading.current?.focus()}
        />
      ) : null}
      {sub !== null ? (
        <p className="mb-0">
          <Link to={paths.pro}>Compare the plans</Link>
        </p>
      ) : null}
      {sub !== null && nextChargeAt !== null ? (
        // Once cancelled, this part goes (no next charge): focus moves to the plan's heading, whose
        // facts now say when access ends, and the notification announces it.
        <CancelSubscription endsAt={sub.endsAt} onCancelled={() => heading.current?.focus()} />
      ) : null}
    </Card>
  );
}

interface DowngradeProps {
  /** The plan held. */
  readonly current: string;
  readonly term: 'month' | 'year';
  /** Whether the next charge is the first (after a trial). */
  readonly first: boolean;
  /** The next charge's instant: the lower plan's price is read at it. */
  readonly chargeAt: string;
  /** When the lower plan would be held from: the pending downgrade's start, else the end of what is paid. */
  readonly startsAt: string | null;
  /** The lower plan waiting for its term, or null. */
  readonly pending: string | null;
  /** When the renewal charged the lower plan's price, or null: from then the move can no longer be taken back. */
  readonly chargedAt: string | null;
  readonly onChanged: () => void;
}

/**
 * Moving down at renewal: the plans below the member's (the sdk's downgradeOptions, as the server
 * checks them) with their price at the renewal (termPrice), or the move already waiting in words,
 * a way to take it back and the other lower plans to replace it with, until the renewal charges it.
 */
function Downgrade({ current, term, first, chargeAt, startsAt, pending, chargedAt, onChanged }: DowngradeProps) {
  const brand = useBrand();
  const failed = 'Your plan could not be changed. Please try again.';
  const schedule = useSubscriptionChange(ScheduleDowngradeMutation, 'scheduleDowngrade', failed);
  const keep = useSubscriptionChange(CancelDowngradeMutation, 'cancelDowngrade', failed);
  const label = (name: string) => brand.plans.find((p) => p.name === name)?.label ?? name;
  const price = (name: string) => `${formatPence(termPrice(brand, name, { term, at: Date.parse(chargeAt), first }))} a ${term}`;
  const options = downgradeOptions(brand, current);
  if (options.length === 0 && pending === null) return null;
  const when = startsAt === null ? 'your next renewal' : formatLondonDate(startsAt);
  const busy = schedule.pending || keep.pending;
  // While a move waits and its term is not charged yet, the sdk's timeline lets another lower plan
  // replace it; the plan already chosen is not offered again.
  const others = options.filter((name) => name !== pending);
  const instead = pending === null ? '' : ' instead';
  const moves = (
    <ul className={BUTTON_ROW}>
      {others.map((name) => (
        <li key={name}>
          <Button
            variant="secondary"
            icon={ArrowDownCircle}
            disabled={busy}
            onClick={() => schedule.run({ plan: name }, `From ${when} your plan is ${label(name)}, ${price(name)}.`, { then: onChanged })}
          >
            Move to {label(name)}
            {instead} ({price(name)})
          </Button>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="mt-6 border-t border-border pt-4">
      <h3 className="m-0 mb-2 text-lg font-semibold">Move to a lower plan</h3>
      {pending === null ? (
        <>
          <p className="mt-0 text-sm text-muted">
            A lower plan starts when what you have paid for ends
            {startsAt === null ? (
              ''
            ) : (
              <>
                {' '}
                on <Time at={startsAt} />
              </>
            )}
            : you keep {label(current)} until then, nothing is refunded, and the lower plan&apos;s price is charged at the renewal.
          </p>
          {moves}
        </>
      ) : (
        <>
          <p className="mt-0">
            From {startsAt === null ? 'your next renewal' : <Time at={startsAt} />} your plan is {label(pending)}, {price(pending)}. You
            keep {label(current)} until then.
          </p>
          {chargedAt === null ? (
            <>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => keep.run({}, `Your plan stays ${label(current)}: it renews as before.`, { then: onChanged })}
              >
                Keep {label(current)}
              </Button>
              {others.length === 0 ? null : (
                <>
                  <p className="mb-2 text-sm text-muted">
                    Or move to another lower plan instead: it replaces the move to {label(pending)}.
                  </p>
                  {moves}
                </>
              )}
            </>
          ) : (
            <p className="mb-0 text-sm text-muted">
              Your renewal on <Time at={chargedAt} /> was charged at {label(pending)}&rsquo;s price, so this move can no longer be taken
              back.
            </p>
          )}
        </>
      )}
      {schedule.problems}
      {keep.problems}
    </div>
  );
}

/**
 * After a cancellation: for the member's own, what they keep and Resume; a refund or a chargeback
 * took the paid term back and cancelled it for good (no "you keep your plan": the facts above say
 * until when access lasts), so the member subscribes again.
 */
function ResumeOrBuyAgain({ endsAt, onResumed }: { readonly endsAt: string | null; readonly onResumed: () => void }) {
  const query = useMatchkitQuery(CancellationQuery);
  const by = query.data?.data?.me?.subscription?.cancelledBy ?? null;
  if (by === null) return null;
  if (by === 'member')
    return (
      <>
        <p>
          Your subscription will not renew: nothing more will be charged, and you keep your plan until{' '}
          {endsAt === null ? 'the end of what you paid for' : <Time at={endsAt} />}.
        </p>
        <ResumeSubscription endsAt={endsAt} onResumed={onResumed} />
      </>
    );
  return (
    <p>
      {by === 'refund'
        ? 'Your payment for this subscription was refunded'
        : 'Your payment for this subscription was disputed with your bank'}
      , so it cannot be resumed. <Link to={paths.pro}>Choose a plan</Link> to subscribe again.
    </p>
  );
}

function ResumeSubscription({ endsAt, onResumed }: { readonly endsAt: string | null; readonly onResumed: () => void }) {
  const resume = useSubscriptionChange(
    ResumeSubscriptionMutation,
    'resumeSubscription',
    'Your subscription could not be resumed. Please try again.',
  );
  return (
    <div>
      {endsAt === null ? null : (
        <p>
          Changed your mind? You can resume it until <Time at={endsAt} />, and it renews as before.
        </p>
      )}
      {resume.problems}
      <Button
        icon={RotateCcw}
        onClick={() => resume.run({}, 'Your subscription is resumed: it renews as before.', { then: onResumed })}
        disabled={resume.pending}
      >
        {resume.pending ? 'Resuming…' : 'Resume subscription'}
      </Button>
    </div>
  );
}

function CancelSubscription({ endsAt, onCancelled }: { readonly endsAt: string | null; readonly onCancelled: () => void }) {
  const [confirming, setConfirming] = useState(false);
  // "Keep my subscription" closes the question: focus goes back to the button that asked it.
  const reopen = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) asked.current = true;
    else if (asked.current) reopen.current?.focus();
  }, [confirming]);
  const change = useSubscriptionChange(
    CancelSubscriptionMutation,
    'cancelSubscription',
    'Your subscription could not be cancelled. Please try again.',
  );
  const cancel = () =>
    change.run(
      {},
      endsAt === null
        ? 'Your subscription is cancelled. Nothing more will be charged.'
        : `Your subscription is cancelled. Nothing more will be charged, and you keep your plan until ${formatLondonDate(endsAt)}.`,
      {
        onOk: () => {
          asked.current = false;
          setConfirming(false);
        },
        then: onCancelled,
      },
    );
  return (
    <div className="mt-6 border-t border-border pt-4">
      {change.problems}
      {confirming ? (
        <div className="rounded-card border border-danger bg-surface p-4" role="group" aria-labelledby="cancel-confirm-text">
          <p id="cancel-confirm-text" className="mt-0">
            Cancel your subscription? Nothing more will be charged, and you keep your plan until{' '}
            {endsAt === null ? 'the end of what you paid for' : <Time at={endsAt} />}.
          </p>
          <p className={cx(BUTTON_ROW, 'mb-0')}>
            <Button variant="danger" onClick={cancel} disabled={change.pending}>
              {change.pending ? 'Cancelling…' : 'Yes, cancel my subscription'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} autoFocus>
              Keep my subscription
            </Button>
          </p>
        </div>
      ) : (
        <Button variant="secondary" ref={reopen} onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
      )}
    </div>
  );
}

function ToolsSection({ user }: { readonly user: GqlUser }) {
  const tools = useAvailableTools(user);
  const headingId = useId();
  return (
    <Card as="section" className={SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Your tools
      </h2>
      {tools.length === 0 ? (
        <p className="m-0">
          Your plan does not include any tools yet. <Link to={paths.pro}>See what each plan unlocks</Link>
        </p>
      ) : (
        <ul className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(min(100%,14rem),1fr))] gap-2 p-0">
          {tools.map((t) => (
            <li key={t.key}>
              <Link
                to={`/${t.slug}`}
                className="block h-full rounded-control border border-border px-3 py-2 font-medium no-underline hover:bg-accent-soft"
              >
                {t.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function PurchasesSection() {
  const brand = useBrand();
  const query = useMatchkitQuery(MyPurchasesQuery);
  const headingId = useId();
  const label = (plan: string) => brand.plans.find((p) => p.name === plan)?.label ?? plan;
  return (
    <Card as="section" className={SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Your payments
      </h2>
      <QueryState query={query} loadingLabel="Loading your payments…">
        {({ data }) =>
          data.myPurchases.length === 0 ? (
            <EmptyState icon={Receipt} title="No payments yet" description="Your payments appear here once you subscribe to a plan." />
          ) : (
            <Table caption="Your payments, newest first" captionHidden>
              <thead>
                <tr>
                  <Th>Date</Th>
                  <Th>Plan</Th>
                  <Th>Billing</Th>
                  <Th numeric>Amount</Th>
                </tr>
              </thead>
              <tbody>
                {data.myPurchases.map((p) => (
                  <tr key={p.id}>
                    <Td>
                      <Time at={p.purchasedAt} />
                    </Td>
                    <Td>{label(p.plan)}</Td>
                    <Td>{p.billingTerm === 'month' ? 'Monthly' : 'Yearly'}</Td>
                    <Td numeric>{p.amount === 0 ? 'Free trial' : formatPence(p.amount)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
    </Card>
  );
}

/** The member's receipts (one per payment taken), each openable as a printable page and downloadable as PDF or HTML. */
function ReceiptsSection() {
  const query = useMatchkitQuery(MyReceiptsQuery);
  const headingId = useId();
  return (
    <Card as="section" className={SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Your receipts
      </h2>
      <QueryState query={query} loadingLabel="Loading your receipts…">
        {({ data }) =>
          data.myReceipts.length === 0 ? (
            <EmptyState
              icon={FileText}
              title="No receipts yet"
              description="Each payment you make has a receipt here, to print or download."
            />
          ) : (
            <Table caption="Your receipts, newest first" captionHidden>
              <thead>
                <tr>
                  <Th>Receipt</Th>
                  <Th>Date</Th>
                  <Th>Plan</Th>
                  <Th numeric>Amount</Th>
                  <Th>Download</Th>
                </tr>
              </thead>
              <tbody>
                {data.myReceipts.map((r) => (
                  <tr key={r.id}>
                    <Td>
                      <Link to={paths.receipt(r.id)} aria-label={`Receipt ${r.number}, ${formatLondonDate(r.issuedAt)}`}>
                        {r.number}
                      </Link>
                    </Td>
                    <Td>
                      <Time at={r.issuedAt} />
                    </Td>
                    <Td>
                      {r.planLabel}, {r.billingTerm === 'year' ? 'yearly' : 'monthly'}
                    </Td>
                    <Td numeric>
                      {formatPence(r.amount)}
                      {r.refundedAmount === null ? null : (
                        <>
                          {' '}
                          <Badge tone="warning">Refunded</Badge>
                        </>
                      )}
                    </Td>
                    <Td>
                      <a href={receiptFile(r.id, 'pdf')} download aria-label={`Receipt ${r.number} as PDF`}>
                        PDF
                      </a>{' '}
                      <a href={receiptFile(r.id, 'html')} download aria-label={`Receipt ${r.number} as HTML`}>
                        HTML
                      </a>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
    </Card>
  );
}

const CARD_PROBLEMS: Readonly<Record<string, string>> = {
  none: 'There is no card saved for your account yet: one is saved when you first pay for a plan.',
  unavailable: 'The card page could not be opened just now. Please try again in a few minutes.',
};

/** The card renewals are charged to: kept by the payment provider, updated on its page through the server's route. */
function CardSection({ problem }: { readonly problem: string | null }) {
  const headingId = useId();
  const message = problem === null ? undefined : CARD_PROBLEMS[problem];
  return (
    <Card as="section" className={SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={H2}>
        Your card
      </h2>
      <p className="mt-0 max-w-reading">
        Your card is kept by our payment provider, not by us. Update it there if it has expired or a renewal did not go through.
      </p>
      {message === undefined ? null : (
        <p role="status" className="max-w-reading font-medium">
          {message}
        </p>
      )}
      {/* A full page load: the server makes a fresh session with the provider and sends you on to it. */}
      <ButtonLink variant="secondary" icon={CreditCard} to={UPDATE_CARD_URL} reloadDocument>
        Update card
      </ButtonLink>
    </Card>
  );
}
