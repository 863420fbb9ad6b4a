import type { Plan } from '@matchkit/sdk/model';
import type { RequestContext } from '../../kernel';

/** Query.plans: the brand's plans in tier order, the feature matrix as a list. */
export function plans(_: unknown, __: unknown, ctx: RequestContext) {
  return ctx.brand.plans.map(planView);
}

/** A catalogue plan in the schema's shape. */
export function planView(p: Plan) {
  return { ...p, details: Object.entries(p.details).map(([key, included]) => ({ key, included })) };
}
