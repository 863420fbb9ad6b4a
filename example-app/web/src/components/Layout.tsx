// The frame of every page: a skip link, the header (the brand's logo, the main navigation, the
// member's links, and the member's quick links bar), the page, and a footer that links to
// responsible-gambling help, the legal pages and contact on every page. The brand's colours come
// from its catalogue (sdk brands), as CSS custom properties the tokens derive from
// (styles/tokens.css).
//
// Narrow screens (below 64rem): the main navigation folds behind a menu button and the quick links
// scroll sideways in one row, so that the header and the bar take at most a quarter of a phone's
// screen. Wide screens: the logo, the navigation and the member's links on one row. Plain elements
// and React state only: the shell is on every visitor's first page, React Aria is not.
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useBrand, usePlanTier } from '@matchkit/react';
import { paths } from '../app/paths';
import { AnalyticsConsent } from '../features/analytics/AnalyticsConsent';
import { NotificationModal } from '../features/notifications/NotificationModal';
import { useRepostPushSubscription } from '../features/push/repost';
import { useForgetDataOnMemberChange } from '../features/session/member-cache';
import { useSession } from '../features/session/session';
import { AdultsMark } from './ui/AdultsMark';
import { buttonClass } from './ui/Button';
import { cx } from './ui/cx';
import { Logo } from './ui/Logo';
import { StrokeIcon } from './ui/StrokeIcon';

// The member's quick links bar is a chunk of its own: a visitor's first page does not download it,
// and a member's bar takes no room until its links have loaded anyway (QuickLinksBar).
const QuickLinksBar = lazy(async () => ({ default: (await import('../features/quick-links/QuickLinksBar')).QuickLinksBar }));

/** The shell's side padding and widest content: the tool pages' width, so the header lines up with them. */
const ROW = 'mx-auto w-full max-w-wide px-[var(--space-gutter)]';

const NAV_LINK =
  'block rounded-control px-2 py-1.5 font-medium sm:px-3 sm:py-2 text-text no-underline hover:bg-surface-muted aria-[current=page]:bg-accent-soft aria-[current=page]:text-accent';

export function Layout({ children }: { readonly children?: ReactNode }) {
  const brand = useBrand();
  useForgetDataOnMemberChange();
  useRepostPushSubscription();
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--brand-accent', brand.colors.accent);
    root.setProperty('--brand-accent-on-dark', brand.colors.accentOnDark);
  }, [brand]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        className="absolute -left-[999px] top-0 z-50 rounded-control bg-surface px-4 py-2 font-semibold shadow-raised focus:left-2 focus:top-2"
        href="#main"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={cx(ROW, 'flex-1 pb-8')}>
        {children ?? <Outlet />}
      </main>
      <Footer />
      <AnalyticsConsent />
      <NotificationModal />
    </div>
  );
}

function Header() {
  const brand = useBrand();
  const { user, entitled } = useSession();
  // The sdk's rule (PA-CAP-028 makes the tier `admin`); the server checks every admin operation anyway.
  const admin = usePlanTier(entitled) === 'admin';
  const navId = useId();
  const { pathname } = useLocation();
  // The menu is open at the address where it was opened: a link followed closes it. So does
  // Escape, giving the focus back to the button.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === pathname;
  const setMenuOpen = (open: boolean) => setOpenAt(open ? pathname : null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenAt(null);
      document.getElementById(`${navId}-button`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, navId]);
  return (
    <header className="border-b border-border bg-surface print:hidden">
      <div className={cx(ROW, 'flex min-h-14 flex-wrap items-center gap-x-1 gap-y-1 py-2 sm:gap-x-2 lg:flex-nowrap lg:gap-x-6')}>
        <Link to={paths.home} className="mr-auto rounded-control no-underline lg:mr-0">
          <Logo brand={brand.id} name={brand.displayName} />
        </Link>
        <nav
          aria-label="Main"
          id={navId}
          className={cx('order-last basis-full lg:order-none lg:block lg:basis-auto', menuOpen ? 'block' : 'hidden')}
        >
          <ul className="m-0 flex list-none flex-col gap-1 p-0 pb-2 lg:flex-row lg:pb-0">
            <li>
              <NavLink className={NAV_LINK} to={paths.home} end>
                {user ? 'Dashboard' : 'Home'}
              </NavLink>
            </li>
            <li>
              <NavLink className={NAV_LINK} to={paths.firstGuide}>
                Guides
              </NavLink>
            </li>
            <li>
              <NavLink className={NAV_LINK} to={paths.pro}>
                Plans
              </NavLink>
            </li>
            <li>
              <NavLink className={NAV_LINK} to={paths.affiliates}>
                Affiliates
              </NavLink>
            </li>
            {admin ? (
              <li>
                <NavLink className={NAV_LINK} to={paths.admin}>
                  Admin
                </NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <nav aria-label="Your account" className="lg:ml-auto">
          <ul className="m-0 flex list-none items-center gap-1 p-0">
            {user === undefined ? null : user === null ? (
              <>
                <li>
                  <NavLink className={NAV_LINK} to={paths.login}>
                    Sign in
                  </NavLink>
                </li>
                <li>
                  <NavLink className={buttonClass({ size: 'sm' })} to={paths.register}>
                    Join
                  </NavLink>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink className={NAV_LINK} to={paths.account}>
                    Account
                  </NavLink>
                </li>
                <li>
                  <NavLink className={NAV_LINK} to={paths.logout}>
                    Sign out
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
        <button
          type="button"
          id={`${navId}-button`}
          className={buttonClass({ variant: 'ghost', iconOnly: true, className: 'lg:hidden' })}
          aria-label={menuOpen ? 'Close the menu' : 'Menu'}
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <MenuIcon open={menuOpen} />
        </button>
      </div>
      {user ? (
        <Suspense fallback={null}>
          <QuickLinksBar key={user.uid.global} />
        </Suspense>
      ) : null}
    </header>
  );
}

/**
 * Three bars, or a cross when the menu is open: lucide's "menu" and "x" drawn here, so the shell (on
 * every first page) carries no icon library; the button's label names it.
 */
function MenuIcon({ open }: { readonly open: boolean }) {
  return <StrokeIcon>{open ? <path d="M18 6 6 18M6 6l12 12" /> : <path d="M4 6h16M4 12h16M4 18h16" />}</StrokeIcon>;
}

function Footer() {
  const brand = useBrand();
  return (
    <footer className="mt-8 border-t border-border bg-surface py-6 text-sm print:hidden">
      <div className={cx(ROW, 'flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between lg:gap-8')}>
        <p className="m-0 max-w-reading">
          <AdultsMark className="mr-1" /> {brand.displayName} is for adults in the UK. Gambling can be harmful: set limits and never bet
          more than you can afford to lose. <Link to={paths.responsibleGambling}>Responsible gambling help</Link>
        </p>
        <nav aria-label="Site">
          <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0">
            <li>
              <Link to={paths.contact}>Contact</Link>
            </li>
            <li>
              <Link to={paths.terms}>Terms of service</Link>
            </li>
            <li>
              <Link to={paths.refunds}>Refund policy</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Privacy policy</Link>
            </li>
            <li>
              <Link to={paths.affiliates}>Affiliates</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
