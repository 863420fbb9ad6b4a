// Loading and failure states: a request in flight is announced politely, a failure is shown as a
// clear message (components/errors.ts) with a way to try again, never as a blank screen.
import type { ReactNode } from 'react';
import { describeError } from './errors';

export function Loading({ label = 'Loading…' }: { readonly label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

export function ErrorMessage({ error, retry }: { readonly error: unknown; readonly retry?: () => unknown }) {
  return (
    <div className="error-box" role="alert">
      <p>{describeError(error)}</p>
      {retry === undefined ? null : (
        <button type="button" onClick={() => void retry()}>
          Try again
        </button>
      )}
    </div>
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
