import { availableTools } from '@matchkit/sdk/entitlements';
import type { Tool } from '@matchkit/sdk/model';
import type { RequestContext } from '../../kernel';
import { viewerAccess } from '../members/access';

/** A catalogue tool in the schema's shape (the totals params as key/value pairs). */
export function toolView(t: Tool) {
  return {
    ...t,
    guideUrl: t.guideUrl ?? null,
    profitTrackerTotalsEndpoint: t.profitTrackerTotalsEndpoint ?? null,
    profitTrackerTotalsParams:
      t.profitTrackerTotalsParams === undefined
        ? null
        : Object.entries(t.profitTrackerTotalsParams).map(([key, value]) => ({ key, value })),
  };
}

/** Query.tools: every tool of the brand. */
export function tools(_: unknown, __: unknown, ctx: RequestContext) {
  return ctx.brand.tools.map(toolView);
}

/** Query.myTools: the sdk's availableTools for the signed-in member (none when signed out). */
export async function myTools(_: unknown, __: unknown, ctx: RequestContext) {
  const access = await viewerAccess(ctx);
  return access === null ? [] : availableTools(ctx.brand, access.entitled).map(toolView);
}
