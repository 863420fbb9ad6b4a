import type { QueryGuidesArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { refusal } from '../module';
import { connection, decodeCursor, readFirst } from '../paging';
import { guideKey, listGuides } from './queries';
import { GUIDE_SECTIONS } from '@matchkit/app-contract/seed';

/** Query.guides: guides and training in reading order (training first), of one section when given. */
export async function guides(_: unknown, args: QueryGuidesArgs, ctx: RequestContext) {
  const section = args.section ?? null;
  if (section !== null && !(GUIDE_SECTIONS as readonly string[]).includes(section)) {
    throw refusal('BAD_INPUT', `section must be one of ${GUIDE_SECTIONS.join(', ')} (got "${section}")`, 'section');
  }
  const first = readFirst(args.first, 100, 20);
  const after = decodeCursor(args.after, ['int', 'int', 'string'] as const);
  const rows = await listGuides(ctx.db, { section, after, limit: first + 1 });
  return connection(rows, first, guideKey);
}
