/**
 * The valibot schemas of every entity of the product (users, plans, sales, tools, exchanges,
 * exchange providers, member filter types, quick links, profit types) and the TypeScript types
 * inferred from them. Use them with valibot: `v.safeParse(userSchema, input)`.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/model
 */
export * from './schemas';
export type { DeepReadonly } from '../internal/readonly';
