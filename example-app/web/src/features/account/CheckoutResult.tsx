// The result of a payment, when the payment provider sends the member back to
// /user/account?checkout={id}: the checkout is read until it is paid, failed or expired (every
// second, for up to a minute), then the member (['Me']), their purchases and receipts are read again.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitQuery, useNow } from '@matchkit/react';
import { MeQuery, MyPurchasesQuery } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { ErrorMessage } from '../../components/Status';
import { cx } from '../../components/ui';
import { CheckoutQuery, MyReceiptsQuery, type CheckoutStatus } from './api/billing';

const POLL_MS = 1000;
const GIVE_UP_MS = 60_000;

type Tone = 'info' | 'success' | 'warning' | 'danger';

/** The result's left edge: its colour beside words that say the same. */
const TONES: Readonly<Record<Tone, string>> = {
  info: 'border-l-accent',
  success: 'border-l-success',
  warning: 'border-l-warning',
  danger: 'border-l-danger',
};

/**
 * `left`: the member came back through the provider's Back link (Stripe Checkout's cancel URL
 * has `left=1`), so a checkout still pending was not paid: nothing has been charged.
 */
export function CheckoutResult({ id, left = false }: { readonly id: string; readonly left?: boolean }) {
  const brand = useBrand();
  const { queryClient } = useMatchkit();
  const [started] = useState(() => Date.now());
  const now = useNow(1000);
  const query = useMatchkitQuery(
    CheckoutQuery,
    { id },
    {
      refetchInterval: (q) => {
        const status = q.state.data?.data.checkout?.status;
        return status === 'pending' && Date.now() - started < GIVE_UP_MS ? POLL_MS : false;
      },
    },
  );
  const checkout = query.data?.data.checkout;
  const status: CheckoutStatus | undefined = checkout?.status;
  useEffect(() => {
    if (status === 'paid' || status === 'failed' || status === 'expired') {
      void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MeQuery) });
      void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MyPurchasesQuery) });
      // A payment taken has its receipt now.
      void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MyReceiptsQuery) });
    }
  }, [status, queryClient]);
  if (query.status === 'error') return <ErrorMessage error={query.error} retry={query.refetch} />;
  const label = (plan: string) => brand.plans.find((p) => p.name === plan)?.label ?? plan;
  let message: ReactNode;
  let tone: Tone = 'info';
  if (checkout === undefined) message = 'Checking your payment…';
  else if (checkout === null) {
    message = 'We could not find that payment on your account.';
    tone = 'warning';
  } else if (checkout.status === 'paid') {
    message =
      checkout.amount === 0
        ? `Confirmed: you now have ${label(checkout.plan)}. Nothing was charged today.`
        : `Payment received: you now have ${label(checkout.plan)} (${formatPence(checkout.amount)} paid today). Thank you.`;
    tone = 'success';
  } else if (checkout.status === 'failed') {
    message = (
      <>
        The payment did not go through, so your plan has not changed. <Link to={paths.subscribe(checkout.slug)}>Try again</Link>
      </>
    );
    tone = 'danger';
  } else if (checkout.status === 'expired') {
    message = (
      <>
        This payment was not completed in time. <Link to={paths.subscribe(checkout.slug)}>Start again</Link>
      </>
    );
    tone = 'warning';
  } else if (left) {
    message = (
      <>
        You left the payment page without paying, so nothing has been charged and your plan has not changed.{' '}
        <Link to={paths.subscribe(checkout.slug)}>Try again</Link>
      </>
    );
    tone = 'warning';
  } else if (now - started >= GIVE_UP_MS) {
    message = 'Your payment has not been confirmed yet. Please reload this page in a few minutes.';
    tone = 'warning';
  } else message = 'Waiting for the payment provider to confirm your payment…';
  return (
    <div
      className={cx('my-4 rounded-card border border-l-[6px] border-border bg-surface p-4 shadow-card', TONES[tone])}
      role="status"
      aria-live="polite"
    >
      <p className="m-0">{message}</p>
    </div>
  );
}
