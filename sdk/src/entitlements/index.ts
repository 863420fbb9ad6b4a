/**
 * Who may use what: capability checks, the plan tier, available tools, member segments and
 * filters, and the codes a purchase grants. The server and the app call the same functions.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/entitlements
 */
export {
  hasCapability,
  canUseFeature,
  planTier,
  availableTools,
  canUseTool,
  matchesMemberFilter,
  memberSegment,
  grantedCapabilities,
  cheapestPlanFor,
} from './entitlements';
