import type { MemberFilterType } from '@matchkit/sdk/model';
import type { RequestContext } from '../../kernel';
import { requireAdmin } from './require-admin';

type Rule = MemberFilterType['rules'][number];

/**
 * One rule as text: `tier=platinum|diamond`, `capability=PA-CAP-006|PA-CAP-007` (holds any),
 * `noCapability=PA-CAP-028` (holds none), `trial=true`, `legacy=false`, `billingTerm=month`.
 */
export function ruleText(rule: Rule): string {
  switch (rule.type) {
    case 'tier':
    case 'capability':
    case 'noCapability':
      return `${rule.type}=${rule.anyOf.join('|')}`;
    case 'trial':
    case 'legacy':
    case 'billingTerm':
      return `${rule.type}=${String(rule.equals)}`;
  }
}

/** Query.memberFilterTypes (administrators): the brand catalogue's member filter types, rules as text. */
export async function memberFilterTypes(_: unknown, __: unknown, ctx: RequestContext) {
  await requireAdmin(ctx);
  return ctx.brand.memberFilterTypes.map((f) => ({ id: f.id, label: f.label, value: f.value, rules: f.rules.map(ruleText) }));
}
