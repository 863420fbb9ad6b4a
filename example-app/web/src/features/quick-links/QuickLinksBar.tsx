// The quick-links bar under the header (signed-in members): the member's links in their order,
// a locked link showing the cheapest plan that unlocks it (the sdk's cheapestPlanFor), and a
// "Customise" panel to switch links on and off and move them, saved on the server. The links are
// one row that scrolls sideways when it is wider than the screen (a phone), never a second row.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { matchkitQueryKey, useMatchkit } from '@matchkit/react';
import { paths } from '../../app/paths';
import { describeError } from '../../components/errors';
import { Button } from '../../components/ui';
import { MyQuickLinksQuery, type QuickLink } from './api/quickLinks';
import { CustomisePanel } from './CustomisePanel';
import { LockIcon, QuickLinkIcon } from './icons';
import { useUnlockingPlan } from './unlocking';
import { useQuickLinks } from './useQuickLinks';

const BAR = 'mx-auto w-full max-w-wide border-t border-border px-[var(--space-gutter)]';
// The list is `relative`: a link's visually hidden words (absolutely placed) then scroll with it instead of
// widening the page.
const LINK =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-pill border border-border bg-surface px-3 py-1 text-sm text-text no-underline hover:border-accent';
const LOCKED = `${LINK} border-dashed text-muted`;
const PLAN = 'inline-flex items-center gap-1 text-xs text-muted';

export function QuickLinksBar() {
  const { queryClient } = useMatchkit();
  const { query, links, arrange, saving, saveError } = useQuickLinks();
  const [open, setOpen] = useState(false);
  // The panel's "Done" closes it (and goes with it): focus returns to the button that opened it.
  const customise = useRef<HTMLButtonElement>(null);
  const closePanel = () => {
    setOpen(false);
    customise.current?.focus();
  };
  const panelId = useId();
  // Another member may sign in in this tab: this member's bar does not outlive them.
  useEffect(() => () => queryClient.removeQueries({ queryKey: matchkitQueryKey(MyQuickLinksQuery) }), [queryClient]);

  if (links === undefined) {
    // The bar is a convenience: while it loads it takes no room; a failure says so in one line.
    if (query.status !== 'error') return null;
    return (
      <div className={BAR}>
        <p className="my-1 text-sm text-danger" role="alert">
          Your quick links could not be loaded. {describeError(query.error)}{' '}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </p>
      </div>
    );
  }
  const shown = links.filter((l) => l.active);
  return (
    <div className={BAR}>
      <div className="flex items-center gap-2 py-1.5">
        <nav aria-label="Quick links" className="min-w-0 flex-1">
          {shown.length === 0 ? (
            <p className="my-1 text-sm">No quick links shown. Choose some with Customise.</p>
          ) : (
            <ul className="relative m-0 flex list-none gap-1.5 overflow-x-auto p-0.5 [scrollbar-width:thin]">
              {shown.map((link) => (
                <li key={link.id} className="shrink-0">
                  <QuickLinkItem link={link} />
                </li>
              ))}
            </ul>
          )}
        </nav>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          aria-expanded={open}
          aria-controls={panelId}
          ref={customise}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Close customise' : 'Customise'}
        </Button>
      </div>
      {saveError === null ? null : (
        <p className="my-1 text-sm text-danger" role="alert">
          {saveError}
        </p>
      )}
      {open ? <CustomisePanel id={panelId} links={links} arrange={arrange} saving={saving} onClose={closePanel} /> : null}
    </div>
  );
}

function QuickLinkItem({ link }: { readonly link: QuickLink }) {
  const plan = useUnlockingPlan(link);
  if (link.unlocked) {
    return (
      <Link className={LINK} to={link.href}>
        <QuickLinkIcon name={link.icon} />
        <span>{link.label}</span>
      </Link>
    );
  }
  const inner = (
    <>
      <QuickLinkIcon name={link.icon} />
      <span>{link.label}</span>
      <LockIcon />
      {plan === undefined ? (
        <span className={PLAN}>
          <span className="visually-hidden">, </span>locked
        </span>
      ) : (
        <span className={PLAN}>
          <span className="visually-hidden">, locked: unlock with </span>
          {plan.label}
        </span>
      )}
    </>
  );
  return plan === undefined ? (
    <span className={LOCKED}>{inner}</span>
  ) : (
    <Link className={LOCKED} to={paths.subscribe(plan.name)}>
      {inner}
    </Link>
  );
}
