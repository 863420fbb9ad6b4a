// An address the app does not know (or an offer or guide address with nothing behind it): say so,
// and offer the ways on (a caller may add its own, such as the tools the brand has, before them).
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';

export function NotFoundPage({ lead, children }: { readonly lead?: ReactNode; readonly children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Page
      title="Page not found"
      lead={
        lead ?? (
          <>
            There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
          </>
        )
      }
    >
      {children}
      <h2>Where to next</h2>
      <ul>
        <li>
          <Link to={paths.home}>The dashboard</Link>: the offers open now, guides and training
        </li>
        <li>
          <Link to={paths.firstGuide}>The first guide</Link>: matched betting explained from the start
        </li>
        <li>
          <Link to={paths.pro}>Plans and prices</Link>
        </li>
        <li>
          <Link to={paths.contact}>Contact us</Link> if a link on our site brought you here
        </li>
      </ul>
    </Page>
  );
}
