// Loading and failure states: a request in flight is announced politely, a failure is shown as a
// clear message (components/errors.ts) with a way to try again, never as a blank screen.
// The look is the component layer's LoadingState and ErrorState (components/ui).
import type { ReactNode } from 'react';
import { describeError } from './errors';
import { Button } from './ui/Button';
import { ErrorState } from './ui/ErrorState';
import { LoadingState } from './ui/LoadingState';

export function Loading({ label = 'Loading…' }: { readonly label?: string }) {
  return <LoadingState label={label} />;
}

export function ErrorMessage({ error, retry }: { readonly error: unknown; readonly retry?: () => unknown }) {
  return (
    <ErrorState
      message={describeError(error)}
      action={
        retry === undefined ? undefined : (
          <Button variant="secondary" onClick={() => void retry()}>
            Try again
          </Button>
        )
      }
    />
  );
}

/** Renders `children(data)` once a query has data; its loading and error states otherwise. */
export function QueryState<T>(props: {
  readonly query: { readonly data: T | undefined; readonly error: unknown; readonly status: string; readonly refetch: () => unknown };
  readonly loadingLabel?: string;
  readonly children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.data !== undefined) return <>{props.children(query.data)}</>;
  if (query.status === 'error') return <ErrorMessage error={query.error} retry={query.refetch} />;
  return <Loading {...(props.loadingLabel === undefined ? {} : { label: props.loadingLabel })} />;
}
