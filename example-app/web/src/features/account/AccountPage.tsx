// /user/account, "Your account" (members only): the member's plan (the sdk's planTier), billing
// term, trial, the current term's end, the next charge and its amount (the sdk's termPrice) with
// why it comes before the term's end (the brand's no-charge window), the end of access after
// cancelling and resuming until then, cancelling (with a confirmation), the upgrades the brand
// sells from this plan, the purchases, the tools the plan unlocks (the sdk's availableTools), and
// the result of a payment when the provider sends the member back here with ?checkout={id}.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAvailableTools, useBrand, useMatchkit, useMatchkitMutation, useMatchkitQuery, usePlanTier } from '@matchkit/react';
import { downgradeOptions, termPrice } from '@matchkit/sdk/billing';
import { MyPurchasesQuery, type GqlUser } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { Page } from '../../components/Page';
import { ErrorMessage, QueryState } from '../../components/Status';
import { formatLondonDate, isoOf } from '../plans';
import { RequireMember, useSession } from '../session';
import { useNotify } from '../notifications';
import { CancelDowngradeMutation, CancelSubscriptionMutation, ResumeSubscriptionMutation, ScheduleDowngradeMutation } from './api/billing';
import { CheckoutResult } from './CheckoutResult';
import './account.css';

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
      {checkoutId === null || checkoutId === '' ? null : <CheckoutResult id={checkoutId} />}
      <PlanSection user={user} />
      <ToolsSection user={user} />
      <PurchasesSection />
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
    <section className="account-section card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Your plan
      </h2>
      <dl className="facts account-facts">
        <div>
          <dt>Plan</dt>
          <dd>{tierLabel}</dd>
        </div>
        {sub === null ? null : (
          <>
            <div>
              <dt>Billing</dt>
              <dd>{sub.billingTerm === 'month' ? 'Monthly' : 'Yearly'}</dd>
            </div>
            {sub.isTrial ? (
              <div>
                <dt>Free trial</dt>
                <dd>
                  {sub.endsAt === null ? (
                    'Yes'
                  ) : (
                    <>
                      Ends on <Time at={sub.endsAt} />
                    </>
                  )}
                </dd>
              </div>
            ) : null}
            {nextChargeAt === null ? (
              <div>
                <dt>Access until</dt>
                <dd>{sub.endsAt === null ? 'No end date' : <Time at={sub.endsAt} />}</dd>
              </div>
            ) : (
              <>
                {sub.isTrial || sub.endsAt === null ? null : (
                  <div>
                    <dt>Current term ends</dt>
                    <dd>
                      <Time at={sub.endsAt} />
                    </dd>
                  </div>
                )}
                <div>
                  <dt>Next payment</dt>
                  <dd>
                    {nextAmount === undefined ? null : `${formatPence(nextAmount)} on `}
                    <Time at={nextChargeAt} />
                  </dd>
                </div>
              </>
            )}
          </>
        )}
      </dl>
      {sub !== null && !sub.isTrial && sub.endsAt !== null && nextChargeAt !== null && Date.parse(nextChargeAt) < Date.parse(sub.endsAt) ? (
        <p className="hint">
          We take each renewal {brand.billing.daysBeforeSubscriptionEndNotToCharge} days before the term ends, so that your plan carries on
          without a gap and a payment that fails can be put right in time. Cancel before <Time at={nextChargeAt} /> and nothing more is
          charged.
        </p>
      ) : null}
      {sub !== null && nextChargeAt === null && sub.cancelledAt !== null ? (
        // Resume takes back a cancellation: it is offered only after one, until access ends.
        <>
          <p>
            Your subscription will not renew: nothing more will be charged, and you keep your plan until{' '}
            {sub.endsAt === null ? 'the end of what you paid for' : <Time at={sub.endsAt} />}.
          </p>
          <ResumeSubscription endsAt={sub.endsAt} onResumed={() => heading.current?.focus()} />
        </>
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
          <h3>Upgrade</h3>
          {nextChargeAt === null && sub.cancelledAt !== null ? (
            <p className="hint">Resume your subscription first to upgrade it: an upgrade changes a plan that renews.</p>
          ) : null}
          <ul className="upgrade-list">
            {upgrades.map((u) => (
              <li key={u.slug}>
                <Link className="button-link secondary" to={paths.subscribe(u.slug)}>
                  Upgrade to {brand.plans.find((p) => p.name === u.to)?.label ?? u.to}
                </Link>
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
        <p>
          <Link to={paths.pro}>Compare the plans</Link>
        </p>
      ) : null}
      {sub !== null && nextChargeAt !== null ? (
        // Once cancelled, this part goes (no next charge): focus moves to the plan's heading, whose
        // facts now say when access ends, and the notification announces it.
        <CancelSubscription endsAt={sub.endsAt} onCancelled={() => heading.current?.focus()} />
      ) : null}
    </section>
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
 * checks them) with their price at the renewal (termPrice), or the move already waiting in words
 * and a way to take it back.
 */
function Downgrade({ current, term, first, chargeAt, startsAt, pending, chargedAt, onChanged }: DowngradeProps) {
  const brand = useBrand();
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [refusal, setRefusal] = useState<string | null>(null);
  const schedule = useMatchkitMutation(ScheduleDowngradeMutation);
  const keep = useMatchkitMutation(CancelDowngradeMutation);
  const label = (name: string) => brand.plans.find((p) => p.name === name)?.label ?? name;
  const price = (name: string) => `${formatPence(termPrice(brand, name, { term, at: Date.parse(chargeAt), first }))} a ${term}`;
  const options = downgradeOptions(brand, current);
  if (options.length === 0 && pending === null) return null;
  const done = (message: string) => {
    notify('success', message);
    void queryClient.invalidateQueries({ queryKey: ['Me'] }).then(onChanged);
  };
  const refused = (message: string | undefined) => setRefusal(message ?? 'Your plan could not be changed. Please try again.');
  const when = startsAt === null ? 'your next renewal' : formatLondonDate(startsAt);
  const busy = schedule.isPending || keep.isPending;
  return (
    <div className="downgrade">
      <h3>Move to a lower plan</h3>
      {pending === null ? (
        <>
          <p className="hint">
            A lower plan starts when your current term ends
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
          <ul className="upgrade-list">
            {options.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() => {
                    setRefusal(null);
                    schedule.mutate(
                      { plan: name },
                      {
                        onSuccess: ({ data }) =>
                          data.scheduleDowngrade.ok
                            ? done(`From ${when} your plan is ${label(name)}, ${price(name)}.`)
                            : refused(data.scheduleDowngrade.error?.message),
                      },
                    );
                  }}
                >
                  Move to {label(name)} ({price(name)})
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>
            From {startsAt === null ? 'your next renewal' : <Time at={startsAt} />} your plan is {label(pending)}, {price(pending)}. You
            keep {label(current)} until then.
          </p>
          {chargedAt === null ? (
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => {
                setRefusal(null);
                keep.mutate(
                  {},
                  {
                    onSuccess: ({ data }) =>
                      data.cancelDowngrade.ok
                        ? done(`Your plan stays ${label(current)}: it renews as before.`)
                        : refused(data.cancelDowngrade.error?.message),
                  },
                );
              }}
            >
              Keep {label(current)}
            </button>
          ) : (
            <p className="hint">
              Your renewal on <Time at={chargedAt} /> was charged at {label(pending)}&rsquo;s price, so this move can no longer be taken
              back.
            </p>
          )}
        </>
      )}
      {refusal === null ? null : (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      {schedule.status === 'error' ? <ErrorMessage error={schedule.error} /> : null}
      {keep.status === 'error' ? <ErrorMessage error={keep.error} /> : null}
    </div>
  );
}

function ResumeSubscription({ endsAt, onResumed }: { readonly endsAt: string | null; readonly onResumed: () => void }) {
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMatchkitMutation(ResumeSubscriptionMutation);
  const resume = () => {
    setRefusal(null);
    mutation.mutate(
      {},
      {
        onSuccess: ({ data }) => {
          if (data.resumeSubscription.ok) {
            notify('success', 'Your subscription is resumed: it renews as before.');
            void Promise.all([
              queryClient.invalidateQueries({ queryKey: ['Me'] }),
              queryClient.invalidateQueries({ queryKey: ['MyPurchases'] }),
            ]).then(onResumed);
          } else setRefusal(data.resumeSubscription.error?.message ?? 'Your subscription could not be resumed. Please try again.');
        },
      },
    );
  };
  return (
    <div className="resume">
      {endsAt === null ? null : (
        <p>
          Changed your mind? You can resume it until <Time at={endsAt} />, and it renews as before.
        </p>
      )}
      {refusal === null ? null : (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      {mutation.status === 'error' ? <ErrorMessage error={mutation.error} /> : null}
      <button type="button" onClick={resume} disabled={mutation.isPending}>
        {mutation.isPending ? 'Resuming…' : 'Resume subscription'}
      </button>
    </div>
  );
}

function CancelSubscription({ endsAt, onCancelled }: { readonly endsAt: string | null; readonly onCancelled: () => void }) {
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  // "Keep my subscription" closes the question: focus goes back to the button that asked it.
  const reopen = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) asked.current = true;
    else if (asked.current) reopen.current?.focus();
  }, [confirming]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMatchkitMutation(CancelSubscriptionMutation);
  const cancel = () => {
    setRefusal(null);
    mutation.mutate(
      {},
      {
        onSuccess: ({ data }) => {
          if (data.cancelSubscription.ok) {
            asked.current = false;
            setConfirming(false);
            notify(
              'success',
              endsAt === null
                ? 'Your subscription is cancelled. Nothing more will be charged.'
                : `Your subscription is cancelled. Nothing more will be charged, and you keep your plan until ${formatLondonDate(endsAt)}.`,
            );
            void Promise.all([
              queryClient.invalidateQueries({ queryKey: ['Me'] }),
              queryClient.invalidateQueries({ queryKey: ['MyPurchases'] }),
            ]).then(onCancelled);
          } else setRefusal(data.cancelSubscription.error?.message ?? 'Your subscription could not be cancelled. Please try again.');
        },
      },
    );
  };
  return (
    <div className="cancel">
      {refusal === null ? null : (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      {mutation.status === 'error' ? <ErrorMessage error={mutation.error} /> : null}
      {confirming ? (
        <div className="confirm card" role="group" aria-labelledby="cancel-confirm-text">
          <p id="cancel-confirm-text">
            Cancel your subscription? Nothing more will be charged, and you keep your plan until{' '}
            {endsAt === null ? 'the end of what you paid for' : <Time at={endsAt} />}.
          </p>
          <p className="actions">
            <button type="button" className="danger" onClick={cancel} disabled={mutation.isPending}>
              {mutation.isPending ? 'Cancelling…' : 'Yes, cancel my subscription'}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)} autoFocus>
              Keep my subscription
            </button>
          </p>
        </div>
      ) : (
        <button type="button" className="secondary" ref={reopen} onClick={() => setConfirming(true)}>
          Cancel subscription
        </button>
      )}
    </div>
  );
}

function ToolsSection({ user }: { readonly user: GqlUser }) {
  const tools = useAvailableTools(user);
  const headingId = useId();
  return (
    <section className="account-section card" aria-labelledby={headingId}>
      <h2 id={headingId}>Your tools</h2>
      {tools.length === 0 ? (
        <p>
          Your plan does not include any tools yet. <Link to={paths.pro}>See what each plan unlocks</Link>
        </p>
      ) : (
        <ul className="tool-list">
          {tools.map((t) => (
            <li key={t.key}>
              <Link to={`/${t.slug}`}>{t.title}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PurchasesSection() {
  const brand = useBrand();
  const query = useMatchkitQuery(MyPurchasesQuery);
  const headingId = useId();
  const label = (plan: string) => brand.plans.find((p) => p.name === plan)?.label ?? plan;
  return (
    <section className="account-section card" aria-labelledby={headingId}>
      <h2 id={headingId}>Your payments</h2>
      <QueryState query={query} loadingLabel="Loading your payments…">
        {({ data }) =>
          data.myPurchases.length === 0 ? (
            <p>No payments yet.</p>
          ) : (
            <div className="table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
              <table>
                <caption className="visually-hidden">Your payments, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Plan</th>
                    <th scope="col">Billing</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {data.myPurchases.map((p) => (
                    <tr key={p.id}>
                      <td>
                        <Time at={p.purchasedAt} />
                      </td>
                      <td>{label(p.plan)}</td>
                      <td>{p.billingTerm === 'month' ? 'Monthly' : 'Yearly'}</td>
                      <td>{p.amount === 0 ? 'Free trial' : formatPence(p.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
