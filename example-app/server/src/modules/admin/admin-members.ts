import { BRAND_SEGMENTS } from '@matchkit/sdk/brands';
import { matchesMemberFilter } from '@matchkit/sdk/entitlements';
import type { QueryAdminMembersArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { refusal } from '../module';
import { connection, decodeCursor, readFirst } from '../paging';
import { memberCount, memberKey, memberPage, memberRecords, scanMembers, searchCondition, type MemberRecord } from './members-query';
import { requireAdmin } from './require-admin';

const SEARCH_MAX = 100;

/** A member record in the schema's MemberSummary shape. */
export function memberSummary(m: MemberRecord) {
  return {
    id: m.user.id,
    email: m.user.email,
    username: m.user.username,
    firstName: m.user.firstName,
    lastName: m.user.lastName,
    segment: m.segment,
    tier: m.tier,
    capabilities: m.capabilities,
    additionalCapabilities: m.additionalCapabilities,
    joinedAt: m.user.createdAt,
  };
}

/**
 * Query.adminMembers (administrators): members newest first, narrowed by a member filter type's
 * value (the sdk's matchesMemberFilter), a segment (the sdk's memberSegment) and a search in email
 * and username; totalCount counts every match.
 */
export async function adminMembers(_: unknown, args: QueryAdminMembersArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const filterValue = args.filter?.filterType ?? null;
  const segment = args.filter?.segment ?? null;
  const rawSearch = args.filter?.search?.trim() ?? '';
  const filterType = filterValue === null ? null : ctx.brand.memberFilterTypes.find((f) => f.value === filterValue);
  if (filterType === undefined) {
    throw refusal(
      'BAD_INPUT',
      `filter.filterType must be one of ${ctx.brand.memberFilterTypes.map((f) => f.value).join(', ')} (got "${filterValue}")`,
      'filter.filterType',
    );
  }
  const segments: readonly string[] = BRAND_SEGMENTS[ctx.brand.id];
  if (segment !== null && !segments.includes(segment)) {
    throw refusal('BAD_INPUT', `filter.segment must be one of ${segments.join(', ')} (got "${segment}")`, 'filter.segment');
  }
  if (rawSearch.length > SEARCH_MAX) throw refusal('BAD_INPUT', `filter.search must be at most ${SEARCH_MAX} characters`, 'filter.search');
  const first = readFirst(args.first, 200, 50);
  const after = decodeCursor(args.after, ['ms', 'string'] as const);
  const where = searchCondition(rawSearch === '' ? null : rawSearch);

  if (filterType === null && segment === null) {
    // Nothing to work out per member: count and page in SQL.
    const [totalCount, rows] = await Promise.all([memberCount(ctx.db, where), memberPage(ctx.db, where, after, first + 1)]);
    const page = connection(rows, first, memberKey);
    return { ...page, nodes: (await memberRecords(ctx.db, ctx.brand, page.nodes, ctx.now)).map(memberSummary), totalCount };
  }

  const matches: MemberRecord[] = [];
  for await (const batch of scanMembers(ctx.db, ctx.brand, where, ctx.now)) {
    for (const m of batch) {
      if (segment !== null && m.segment !== segment) continue;
      if (filterType !== null && !matchesMemberFilter(ctx.brand, m.entitled, filterType)) continue;
      matches.push(m);
    }
  }
  const start =
    after === null
      ? 0
      : matches.findIndex((m) => {
          const [t, id] = memberKey(m.user);
          return t < after[0] || (t === after[0] && id < after[1]);
        });
  const rest = start === -1 ? [] : matches.slice(start, start + first + 1);
  const page = connection(rest, first, (m) => memberKey(m.user));
  return { ...page, nodes: page.nodes.map(memberSummary), totalCount: matches.length };
}
