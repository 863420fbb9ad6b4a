/**
 * The zod/mini schemas of every entity of the product (users, plans, sales, tools, exchanges,
 * exchange providers, member filter types, quick links, profit types) and the TypeScript types
 * inferred from them.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/model
 */
export * from './schemas';
export type { DeepReadonly } from '../internal/readonly';
