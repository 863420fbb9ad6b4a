// The frame of every page: a skip link, the header (brand, main navigation, the member's links),
// the page, and a footer that links to responsible-gambling help, the legal pages and contact on
// every page. The brand's colours come from its catalogue (sdk brands), as CSS custom properties.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useBrand } from '@matchkit/react';
import { paths } from '../app/paths';
import { AnalyticsConsent } from '../features/analytics/AnalyticsConsent';
import { NotificationModal } from '../features/notifications/NotificationModal';
import { useForgetDataOnMemberChange } from '../features/session/member-cache';
import { useSession } from '../features/session/session';

// The member's quick links bar is a chunk of its own: a visitor's first page does not download it,
// and a member's bar takes no room until its links have loaded anyway (QuickLinksBar).
const QuickLinksBar = lazy(async () => ({ default: (await import('../features/quick-links/QuickLinksBar')).QuickLinksBar }));

export function Layout({ children }: { readonly children?: ReactNode }) {
  const brand = useBrand();
  useForgetDataOnMemberChange();
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--brand-accent', brand.colors.accent);
    root.setProperty('--brand-accent-on-dark', brand.colors.accentOnDark);
  }, [brand]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
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
  const { user } = useSession();
  return (
    <header className="site-header">
      <div className="header-row">
        <Link className="brand-mark" to={paths.home}>
          {brand.displayName}
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            <li>
              <NavLink to={paths.home} end>
                Dashboard
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.firstGuide}>Guides</NavLink>
            </li>
            <li>
              <NavLink to={paths.pro}>Plans</NavLink>
            </li>
            <li>
              <NavLink to={paths.affiliates}>Affiliates</NavLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Your account">
          <ul className="nav-list">
            {user === undefined ? null : user === null ? (
              <>
                <li>
                  <NavLink to={paths.login}>Sign in</NavLink>
                </li>
                <li>
                  <NavLink className="button-link" to={paths.register}>
                    Join
                  </NavLink>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to={paths.account}>Account</NavLink>
                </li>
                <li>
                  <NavLink to={paths.logout}>Sign out</NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
      {user ? (
        <Suspense fallback={null}>
          <QuickLinksBar key={user.uid.global} />
        </Suspense>
      ) : null}
    </header>
  );
}

function Footer() {
  const brand = useBrand();
  return (
    <footer className="site-footer">
      <p className="rg-line">
        <strong className="age-badge" aria-label="18 plus">
          18+
        </strong>{' '}
        {brand.displayName} is for adults in the UK. Gambling can be harmful: set limits and never bet more than you can afford to lose.{' '}
        <Link to={paths.responsibleGambling}>Responsible gambling help</Link>
      </p>
      <nav aria-label="Site">
        <ul className="nav-list">
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
    </footer>
  );
}
