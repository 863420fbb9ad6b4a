// Above the oddsmatcher's and the finders' tables when a real provider behind the feed is delayed
// or down (Query.feedStatus, asked again every 20 s while the page is open): one sentence per
// provider, naming it as members read it (the app contract's feedProviderNotice, the sentence the
// server's `detail` says too). Nothing while every provider is live or starting, nor for the
// simulated feed (no provider), nor when the status cannot be read (the feed's own status line
// says when the prices cannot be reached).
import { useMatchkitQuery } from '@matchkit/react';
import { FeedStatusQuery, feedProviderNotice } from '@matchkit/app-contract';
import { cx } from '../../components/ui';

/** How often the providers' status is asked for while a page shows it. */
export const FEED_STATUS_REFRESH_MS = 20_000;

export function FeedProvidersBanner({ className }: { readonly className?: string | undefined }) {
  const status = useMatchkitQuery(FeedStatusQuery, {}, { refetchInterval: FEED_STATUS_REFRESH_MS });
  const providers = status.data?.data?.feedStatus.providers ?? [];
  const notices = providers.flatMap((p) => {
    const notice = feedProviderNotice(p.provider, p.state);
    return notice === null ? [] : [{ key: p.provider, notice, down: p.state === 'down' }];
  });
  if (notices.length === 0) return null;
  const down = notices.some((n) => n.down);
  return (
    <div
      role="status"
      aria-label="Price sources"
      className={cx(
        className,
        'feed-providers rounded-control border px-3 py-2 text-sm',
        down ? 'border-danger bg-danger-bg' : 'border-warning bg-warning-bg',
      )}
    >
      {notices.map((n) => (
        <p key={n.key} className="m-0">
          {n.notice}
        </p>
      ))}
    </div>
  );
}
