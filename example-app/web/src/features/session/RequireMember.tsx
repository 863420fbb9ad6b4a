// Wraps a members-only screen: a signed-out visitor is sent to sign in and brought back here.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginThenBack } from '../../app/paths';
import { ErrorMessage, Loading } from '../../components/Status';
import { useSession } from './session';

export function RequireMember({ children }: { readonly children: ReactNode }) {
  const { user, status, error, refetch } = useSession();
  const location = useLocation();
  if (user === null) return <Navigate to={loginThenBack(`${location.pathname}${location.search}`)} replace />;
  if (user !== undefined) return <>{children}</>;
  if (status === 'error') return <ErrorMessage error={error} retry={refetch} />;
  return <Loading />;
}
