// Above the oddsmatcher's and the finders' tables when a real provider behind the feed is delayed
// or down (Query.feedStatus, asked again every 20 s while the page is open): one sentence per
// provider, the server's `detail` (the app contract's feedProviderNotice: the provider by its
// configured name, and what is true for its reason, which only the server knows). Nothing while
// every provider is live or starting, nor for the simulated feed (no provider), nor when the status
// cannot be read (the feed's own status line says when the prices cannot be reached).
//
// The live region is always on the page, empty while there is nothing to say: screen readers
// announce text added to a region they already know, and often miss a region inserted with its text.
import { useMatchkitQuery } from '@matchkit/react';
import { FeedStatusQuery } from '@matchkit/app-contract';
import { cx } from '../../components/ui';

/** How often the providers' status is asked for while a page shows it. */
export const FEED_STATUS_REFRESH_MS = 20_000;

export function FeedProvidersBanner({ className }: { readonly className?: string | undefined }) {
  const status = useMatchkitQuery(FeedStatusQuery, {}, { refetchInterval: FEED_STATUS_REFRESH_MS });
  const providers = status.data?.data?.feedStatus.providers ?? [];
  const notices = providers.flatMap((p) =>
    p.detail === null || p.state === 'live' || p.state === 'starting'
      ? []
      : [{ key: p.provider, notice: p.detail, down: p.state === 'down' }],
  );
  const down = notices.some((n) => n.down);
  return (
    <div
      role="status"
      aria-label="Price sources"
      className={
        notices.length === 0
          ? undefined
          : cx(
              className,
              'feed-providers rounded-control border px-3 py-2 text-sm',
              down ? 'border-danger bg-danger-bg' : 'border-warning bg-warning-bg',
            )
      }
    >
      {notices.map((n) => (
        <p key={n.key} className="m-0">
          {n.notice}
        </p>
      ))}
    </div>
  );
}
