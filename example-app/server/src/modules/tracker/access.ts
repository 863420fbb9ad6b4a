// Who may use the profit tracker: a signed-in member holding the capability codes of the brand's
// `profitTracker` feature, decided by the sdk's canUseFeature over what the member holds now (their
// billing ledger and additional capabilities, loaded once per request by viewerAccess). The client's
// own claims play no part. GraphQL refuses with UNAUTHENTICATED / FORBIDDEN; the REST routes answer
// 401 / 403 from the same decision.
import type { Brand } from '@matchkit/sdk/brands';
import { canUseFeature } from '@matchkit/sdk/entitlements';
import type { EntitledUser } from '@matchkit/sdk/model';
import type { RequestContext } from '../../kernel';
import { viewerAccess } from '../members/access';
import { refusal } from '../module';

/** The key of the profit tracker in the brand catalogue's feature matrix. */
export const TRACKER_FEATURE = 'profitTracker';

/** The capability codes of the brand's profit-tracker feature (what a plan with it grants). */
export function trackerCapabilities(brand: Brand): readonly string[] {
  return brand.features.find((f) => f.key === TRACKER_FEATURE)?.capabilities ?? [];
}

/**
 * True when the member holds every code of the brand's profit-tracker feature (the sdk's
 * canUseFeature, as the app decides it). A brand without the feature (or with no code for it)
 * gives the tracker to nobody rather than to everybody.
 */
export function canUseTracker(brand: Brand, user: EntitledUser): boolean {
  return canUseFeature(brand, user, TRACKER_FEATURE);
}

/** The outcome of the tracker's gate. */
export type TrackerAccess =
  | { readonly ok: true; readonly userId: string }
  | { readonly ok: false; readonly code: 'UNAUTHENTICATED' | 'FORBIDDEN'; readonly message: string };

const SIGNED_OUT: TrackerAccess = { ok: false, code: 'UNAUTHENTICATED', message: 'Sign in to use the profit tracker.' };
const NO_PLAN: TrackerAccess = { ok: false, code: 'FORBIDDEN', message: 'Your plan does not include the profit tracker.' };

/** Decides whether the request's viewer may use the profit tracker. */
export async function trackerAccess(ctx: RequestContext): Promise<TrackerAccess> {
  if (ctx.viewer === null) return SIGNED_OUT;
  const access = await viewerAccess(ctx);
  if (access === null) return SIGNED_OUT;
  if (!canUseTracker(ctx.brand, access.entitled)) return NO_PLAN;
  return { ok: true, userId: access.user.id };
}

/** The viewer's id when they may use the profit tracker; otherwise an UNAUTHENTICATED or FORBIDDEN GraphQL error. */
export async function requireTracker(ctx: RequestContext): Promise<string> {
  const access = await trackerAccess(ctx);
  if (!access.ok) throw refusal(access.code, access.message);
  return access.userId;
}
