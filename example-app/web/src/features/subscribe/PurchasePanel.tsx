// What a purchase page sells and the way to pay for it: the server's purchaseOption for the slug
// and term (the amount due now, the recurring price, the trial), a monthly or yearly choice for a
// plan, and "Continue to payment", which starts a checkout on the server and sends the browser to
// the payment provider's page. A signed-out visitor is asked to create an account or sign in
// first, and comes back here.
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useBrand, useMatchkitMutation, useMatchkitQuery, useNow, usePlanTier } from '@matchkit/react';
import { termPrice, trialEnd, yearlySaving } from '@matchkit/sdk/billing';
import type { GqlBillingTerm } from '@matchkit/sdk/transport';
import { loginThenBack, paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { ErrorMessage, Loading } from '../../components/Status';
import { Button, ButtonLink, Card, FactList, FactRow } from '../../components/ui';
import { formatLondonDate, isoOf } from '../plans';
import { useSession } from '../session';
import { PurchaseOptionQuery, type PurchaseOption } from './api/purchaseOption';
import type { MutationError } from '../../components/errors';
import { StartCheckoutMutation } from './api/startCheckout';

export interface PurchasePanelProps {
  readonly slug: string;
  readonly label: string;
  /** choose: monthly or yearly; year: always yearly (a sale); subscription: the member's own term (an upgrade). */
  readonly terms: 'choose' | 'year' | 'subscription';
  /** For an upgrade: the plan it upgrades from. */
  readonly upgradeFrom?: string;
  /** Price at this instant (a sale link: the browser's clock); default the server's now. */
  readonly at?: number;
}

const TERM_WORD: Record<GqlBillingTerm, string> = { month: 'a month', year: 'a year' };

export function PurchasePanel({ slug, label, terms, upgradeFrom, at }: PurchasePanelProps) {
  const { user, entitled } = useSession();
  const brand = useBrand();
  const tier = usePlanTier(entitled);
  const [chosen, setChosen] = useState<GqlBillingTerm>('month');
  const [pricedAt] = useState(at);
  const term: GqlBillingTerm = terms === 'year' ? 'year' : terms === 'subscription' ? (user?.subscription?.billingTerm ?? 'month') : chosen;
  const query = useMatchkitQuery(PurchaseOptionQuery, {
    slug,
    billingTerm: term,
    ...(pricedAt === undefined ? {} : { at: isoOf(pricedAt) }),
  });
  const option = query.data?.data.purchaseOption;
  const headingId = useId();
  return (
    <Card as="section" className="my-4 max-w-xl" aria-labelledby={headingId}>
      <h2 id={headingId} className="mt-0 text-xl font-bold">
        Your order
      </h2>
      {terms === 'choose' ? <TermChoice slug={slug} term={chosen} onChange={setChosen} /> : null}
      {upgradeFrom !== undefined && user !== null && user !== undefined && tier !== upgradeFrom ? (
        <p className="border-l-4 border-warning pl-3">
          This upgrade is for members on the {brand.plans.find((p) => p.name === upgradeFrom)?.label ?? upgradeFrom} plan. The price shown
          is the most it can cost.
        </p>
      ) : null}
      {query.status === 'error' ? (
        <ErrorMessage error={query.error} retry={query.refetch} />
      ) : option === undefined ? (
        <Loading label="Working out the price…" />
      ) : option === null ? (
        <div className="border-l-4 border-warning pl-3" role="alert">
          <p>This is not on sale at the moment.</p>
          <Link to={paths.pro}>See plans and prices</Link>
        </div>
      ) : (
        <>
          <OrderSummary option={option} label={label} />
          {user === null ? <SignInFirst /> : user === undefined ? <Loading /> : <ContinueToPayment slug={slug} term={option.billingTerm} />}
        </>
      )}
    </Card>
  );
}

function TermChoice({
  slug,
  term,
  onChange,
}: {
  readonly slug: string;
  readonly term: GqlBillingTerm;
  readonly onChange: (t: GqlBillingTerm) => void;
}) {
  const brand = useBrand();
  const plan = brand.plans.find((p) => p.name === slug);
  const name = useId();
  // The sdk's price of a later term now: a sale's yearly price while the sale is on, the
  // catalogue's otherwise (the order summary below gives what is due today).
  const now = useNow(60_000);
  return (
    <fieldset className="m-0 mb-4 flex flex-col gap-2 rounded-control border border-border p-4">
      <legend className="px-1 font-semibold">How would you like to pay?</legend>
      {(['month', 'year'] as const).map((t) => (
        <label
          key={t}
          className="flex cursor-pointer flex-wrap items-center gap-x-2 rounded-control border border-border px-3 py-2 has-[:checked]:border-accent has-[:checked]:font-semibold"
        >
          <input type="radio" name={name} value={t} checked={term === t} onChange={() => onChange(t)} />{' '}
          {t === 'month' ? 'Monthly' : 'Yearly'}
          {plan === undefined ? null : (
            <span className="text-sm font-normal text-muted">
              {' '}
              ({formatPence(termPrice(brand, plan.name, { term: t, at: now }))} {TERM_WORD[t]}
              {t === 'year' && yearlySaving(brand, plan.name, now) > 0
                ? `, save ${formatPence(yearlySaving(brand, plan.name, now))} on paying monthly`
                : ''}
              )
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}

function OrderSummary({ option, label }: { readonly option: PurchaseOption; readonly label: string }) {
  const brand = useBrand();
  const now = useNow(60_000);
  const trialEndsAt = option.trialDays > 0 ? trialEnd(brand, now) : undefined;
  return (
    <>
      <FactList>
        <FactRow term="What you buy">
          {label}
          {option.kind === 'upgrade' ? ' (upgrade)' : option.kind === 'sale' ? ' (sale price)' : ''}
        </FactRow>
        <FactRow term="Billing">{option.billingTerm === 'month' ? 'Monthly' : 'Yearly'}</FactRow>
        <FactRow term="Due today">{formatPence(option.amountDueNow)}</FactRow>
        <FactRow term="Then">
          {option.recurringAmount === null ? 'Nothing more' : `${formatPence(option.recurringAmount)} ${TERM_WORD[option.billingTerm]}`}
        </FactRow>
        {trialEndsAt === undefined ? null : (
          <FactRow term="Free trial">
            {option.trialDays} days, ending on day {option.trialDays}:{' '}
            <time dateTime={isoOf(trialEndsAt)}>{formatLondonDate(trialEndsAt)}</time>
          </FactRow>
        )}
      </FactList>
      {trialEndsAt === undefined ? null : (
        <p className="m-0 text-sm text-muted">
          Nothing is charged today. Your first payment of {formatPence(option.recurringAmount ?? 0)} is taken when the trial ends on{' '}
          {formatLondonDate(trialEndsAt)}, unless you cancel before then from your account.
        </p>
      )}
    </>
  );
}

function SignInFirst() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="sign-in-first">
      <p>Create an account or sign in to continue. You will come back here afterwards.</p>
      <p className="flex flex-wrap gap-2">
        <ButtonLink to={`${paths.register}?next=${encodeURIComponent(here)}`}>Create an account</ButtonLink>
        <ButtonLink variant="secondary" to={loginThenBack(here)}>
          Sign in
        </ButtonLink>
      </p>
    </div>
  );
}

const CONFLICT_HINT = 'You can see your plan and its upgrades on your account page.';

function ContinueToPayment({ slug, term }: { readonly slug: string; readonly term: GqlBillingTerm }) {
  const mutation = useMatchkitMutation(StartCheckoutMutation);
  const [refusal, setRefusal] = useState<MutationError | null>(null);
  const [leaving, setLeaving] = useState(false);
  const start = () => {
    setRefusal(null);
    mutation.mutate(
      { input: { slug, billingTerm: term } },
      {
        onSuccess: ({ data }) => {
          const result = data.startCheckout;
          if (result.ok && result.checkout !== null) {
            setLeaving(true);
            window.location.assign(result.checkout.paymentUrl);
          } else {
            setRefusal(result.error ?? { code: 'UNKNOWN', message: 'The payment could not be started. Please try again.', field: null });
          }
        },
      },
    );
  };
  return (
    <div className="flex flex-col items-start gap-2">
      {refusal === null ? null : (
        <div className="mb-2 self-stretch rounded-card border border-danger bg-danger-bg px-4 text-danger" role="alert">
          <p>{refusal.message}</p>
          {refusal.code === 'CONFLICT' ? (
            <p>
              {CONFLICT_HINT} <Link to={paths.account}>Go to your account</Link>
            </p>
          ) : null}
        </div>
      )}
      {mutation.status === 'error' ? <ErrorMessage error={mutation.error} /> : null}
      <Button size="lg" onClick={start} disabled={mutation.isPending || leaving}>
        {mutation.isPending || leaving ? 'Opening the payment page…' : 'Continue to payment'}
      </Button>
      <p className="m-0 text-sm text-muted">You pay on the payment provider&apos;s secure page. We never see your card details.</p>
    </div>
  );
}
