import { activeSale } from '@matchkit/sdk/sales';
import type { QueryActiveSaleArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';

/** Query.sales: the brand's sales in date order. */
export function sales(_: unknown, __: unknown, ctx: RequestContext) {
  return ctx.brand.sales;
}

/** Query.activeSale: the sale active at `at` (default: the request's instant), or null. */
export function activeSaleAt(_: unknown, args: QueryActiveSaleArgs, ctx: RequestContext) {
  return activeSale(ctx.brand, args.at ?? ctx.now) ?? null;
}
