// /admin: the console of the people who run the brand, for administrators only (the sdk's planTier
// is `admin`: PA-CAP-028). Anyone else (a visitor, a member of any plan) reads that it is not
// available; the server refuses every admin operation to them anyway. An administrator gets a tab
// per section (sections.ts), each section a chunk of its own under this route's chunk.
import { Suspense } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { useBrand, usePlanTier } from '@matchkit/react';
import { loginThenBack, paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { ErrorMessage, Loading } from '../../components/Status';
import { ButtonLink, EmptyState } from '../../components/ui';
import { useSession } from '../session';
import { ADMIN_SECTIONS } from './sections';

const TAB =
  '-mb-px block border-b-2 border-transparent px-3 py-2 font-medium whitespace-nowrap text-muted no-underline hover:text-text ' +
  'aria-[current=page]:border-accent aria-[current=page]:text-accent';

export function AdminArea() {
  const { user, entitled, status, error, refetch } = useSession();
  const tier = usePlanTier(entitled);
  if (user === undefined) return status === 'error' ? <ErrorMessage error={error} retry={refetch} /> : <Loading />;
  if (user === null || tier !== 'admin') return <NotAvailable signedIn={user !== null} />;
  return <AdminConsole />;
}

/** What anyone but an administrator sees at /admin. */
export function NotAvailable({ signedIn }: { readonly signedIn: boolean }) {
  const brand = useBrand();
  const { pathname } = useLocation();
  return (
    <Page title="Not available" documentTitle="Admin not available">
      <p className="max-w-reading">
        The admin area is for the team that runs {brand.displayName}.{' '}
        {signedIn ? 'Your account does not have access to it.' : 'Sign in with an administrator account to use it.'}
      </p>
      <p className="flex flex-wrap gap-2">
        {signedIn ? null : <ButtonLink to={loginThenBack(pathname)}>Sign in</ButtonLink>}
        <ButtonLink variant={signedIn ? 'primary' : 'secondary'} to={paths.home}>
          Go to {signedIn ? 'your dashboard' : 'the home page'}
        </ButtonLink>
      </p>
    </Page>
  );
}

function AdminConsole() {
  const { pathname } = useLocation();
  const current = ADMIN_SECTIONS.find((s) => pathname === `${paths.admin}/${s.path}` || pathname.startsWith(`${paths.admin}/${s.path}/`));
  const first = ADMIN_SECTIONS[0];
  return (
    <Page title={current === undefined ? 'Admin' : `Admin: ${current.label}`} width="wide">
      <nav aria-label="Admin sections" className="mb-4">
        <ul className="m-0 flex list-none gap-1 overflow-x-auto border-b border-border p-0">
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.path}>
              <NavLink className={TAB} to={`${paths.admin}/${s.path}`}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<Loading />}>
        <Routes>
          {first === undefined ? null : <Route index element={<Navigate to={first.path} replace />} />}
          {ADMIN_SECTIONS.map((s) => (
            <Route key={s.path} path={`${s.path}/*`} element={<s.Component />} />
          ))}
          <Route path="*" element={<EmptyState title="There is no such admin page" description="Choose one of the sections above." />} />
        </Routes>
      </Suspense>
    </Page>
  );
}
