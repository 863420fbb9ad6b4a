// The quick-links bar under the header (signed-in members): the member's links in their order,
// a locked link showing the cheapest plan that unlocks it (the sdk's cheapestPlanFor), and a
// "Customise" panel to switch links on and off and move them, saved on the server.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMatchkit } from '@matchkit/react';
import { paths } from '../../app/paths';
import { describeError } from '../../components/errors';
import type { QuickLink } from './api/quickLinks';
import { CustomisePanel } from './CustomisePanel';
import { LockIcon, QuickLinkIcon } from './icons';
import { useUnlockingPlan } from './unlocking';
import { useQuickLinks } from './useQuickLinks';
import './quick-links.css';

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
  useEffect(() => () => queryClient.removeQueries({ queryKey: ['MyQuickLinks'] }), [queryClient]);

  if (links === undefined) {
    // The bar is a convenience: while it loads it takes no room; a failure says so in one line.
    if (query.status !== 'error') return null;
    return (
      <div className="ql-bar">
        <p className="ql-error" role="alert">
          Your quick links could not be loaded. {describeError(query.error)}{' '}
          <button type="button" className="secondary ql-small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      </div>
    );
  }
  const shown = links.filter((l) => l.active);
  return (
    <div className="ql-bar">
      <div className="ql-row">
        <nav aria-label="Quick links" className="ql-nav">
          {shown.length === 0 ? (
            <p className="ql-empty">No quick links shown. Choose some with Customise.</p>
          ) : (
            <ul className="ql-list">
              {shown.map((link) => (
                <li key={link.id}>
                  <QuickLinkItem link={link} />
                </li>
              ))}
            </ul>
          )}
        </nav>
        <button
          type="button"
          className="secondary ql-small ql-customise"
          aria-expanded={open}
          aria-controls={panelId}
          ref={customise}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Close customise' : 'Customise'}
        </button>
      </div>
      {saveError === null ? null : (
        <p className="ql-error" role="alert">
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
      <Link className="ql-link" to={link.href}>
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
        <span className="ql-plan">
          <span className="visually-hidden">, </span>locked
        </span>
      ) : (
        <span className="ql-plan">
          <span className="visually-hidden">, locked: unlock with </span>
          {plan.label}
        </span>
      )}
    </>
  );
  return plan === undefined ? (
    <span className="ql-link ql-locked">{inner}</span>
  ) : (
    <Link className="ql-link ql-locked" to={paths.subscribe(plan.name)}>
      {inner}
    </Link>
  );
}
