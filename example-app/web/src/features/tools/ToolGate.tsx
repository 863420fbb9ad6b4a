// The gate in front of every paid tool: a member whose plan includes the tool sees it; anyone else
// sees what the tool does, a lock, and the cheapest plan that unlocks it (the sdk's
// cheapestPlanFor), with a way to buy it or sign in. The server checks the tool's data on its own
// (a locked member's requests are refused there too): this gate is only what the member sees.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useBrand } from '@matchkit/react';
import { canUseFeature, cheapestPlanFor, hasCapability } from '@matchkit/sdk/entitlements';
import { loginThenBack, paths } from '../../app/paths';
import { ErrorMessage, Loading } from '../../components/Status';
import { formatPence } from '../../components/money';
import { ButtonLink } from '../../components/ui';
import { LockIcon } from '../quick-links';
import { useSession } from '../session';

/** What a tool needs: a capability code (a catalogue tool's `capability`) or a catalogue feature's key (`profitTracker`, `calculators`, `casino`). */
export type ToolNeed =
  { readonly capability: string; readonly feature?: never } | { readonly feature: string; readonly capability?: never };

export type ToolGateProps = ToolNeed & {
  /** The tool's name, as the member reads it. */
  readonly name: string;
  /** What the tool does, shown to a member who cannot use it yet. */
  readonly about: ReactNode;
  readonly children: ReactNode;
};

/** Whether the member may use what `need` names (the sdk's hasCapability or canUseFeature). */
export function useToolAccess(need: ToolNeed): { readonly allowed: boolean; readonly capability: string | undefined } {
  const brand = useBrand();
  const { entitled } = useSession();
  if (need.capability !== undefined) return { allowed: hasCapability(entitled, need.capability), capability: need.capability };
  return {
    allowed: canUseFeature(brand, entitled, need.feature),
    capability: brand.features.find((f) => f.key === need.feature)?.capabilities[0],
  };
}

/** Renders `children` only for a member who may use the tool; the locked view otherwise. */
export function ToolGate({ name, about, children, ...need }: ToolGateProps) {
  const { user, status, error, refetch } = useSession();
  const access = useToolAccess(need);
  if (user === undefined) return status === 'error' ? <ErrorMessage error={error} retry={refetch} /> : <Loading />;
  if (user !== null && access.allowed) return <>{children}</>;
  return <LockedTool capability={access.capability} name={name} about={about} signedIn={user !== null} />;
}

function LockedTool({
  capability,
  name,
  about,
  signedIn,
}: {
  readonly capability: string | undefined;
  readonly name: string;
  readonly about: ReactNode;
  readonly signedIn: boolean;
}) {
  const brand = useBrand();
  const location = useLocation();
  const plan = capability === undefined ? undefined : cheapestPlanFor(brand, capability);
  return (
    <section className="max-w-160 rounded-control border border-border bg-surface p-4" aria-labelledby="tool-locked-title">
      <h2 id="tool-locked-title" className="mt-0">
        <span className="tool-lock">
          <LockIcon />
        </span>{' '}
        {plan === undefined ? `${name} is not in any plan` : `${name} is in the ${plan.label} plan`}
      </h2>
      <div className="tool-about">{about}</div>
      {plan === undefined ? null : (
        <p>
          {plan.label} costs {formatPence(plan.price.monthly)} a month or {formatPence(plan.price.yearly)} a year.
        </p>
      )}
      <p className="flex flex-wrap items-center gap-2">
        {plan === undefined ? null : <ButtonLink to={paths.subscribe(plan.name)}>Get {plan.label}</ButtonLink>}
        {signedIn ? (
          <Link to={paths.pro}>Compare plans</Link>
        ) : (
          <Link to={loginThenBack(`${location.pathname}${location.search}`)}>Sign in</Link>
        )}
      </p>
    </section>
  );
}
