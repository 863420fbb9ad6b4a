import { BRAND_SEGMENTS } from '@matchkit/sdk/brands';
import type { RequestContext } from '../../kernel';
import { scanMembers } from './members-query';
import { requireAdmin } from './require-admin';

/**
 * Query.memberSegments (administrators): every segment of the brand (its member filter types'
 * values, labelled by them) and how many members the sdk's memberSegment puts in it. A member in
 * no segment (possible on the secondary brand) is counted in none.
 */
export async function memberSegments(_: unknown, __: unknown, ctx: RequestContext) {
  await requireAdmin(ctx);
  const counts = new Map<string, number>();
  for await (const batch of scanMembers(ctx.db, ctx.brand, undefined, ctx.now)) {
    for (const m of batch) if (m.segment !== null) counts.set(m.segment, (counts.get(m.segment) ?? 0) + 1);
  }
  const order = ctx.brand.memberFilterTypes.map((f) => f.value as string);
  const all = [...new Set([...order, ...BRAND_SEGMENTS[ctx.brand.id]])];
  return all.map((segment) => ({
    segment,
    label: ctx.brand.memberFilterTypes.find((f) => f.value === segment)?.label ?? segment,
    count: counts.get(segment) ?? 0,
  }));
}
