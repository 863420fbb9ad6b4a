// What the domain modules are written with: their resolvers' types (the kernel's AppModule bound to
// them), merging the modules' resolvers, and the errors resolvers answer with. buildApp lists the
// modules in one place (modules/index.ts).
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import type { AppModule as KernelModule, ModuleFactory as KernelModuleFactory, RequestContext } from '../kernel';

/** A field resolver. Arguments are checked inside (with the sdk's schemas where they exist). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldResolver = (parent: any, args: any, ctx: RequestContext, info: GraphQLResolveInfo) => unknown;

/** A subscription field: an async iterator of events, each resolved to the field's value. */
export interface SubscriptionResolver {
  subscribe: (
    /* eslint-disable @typescript-eslint/no-explicit-any -- typed from the generated signatures next (issue 19) */
    parent: any,
    args: any,
    /* eslint-enable @typescript-eslint/no-explicit-any */
    ctx: RequestContext,
    info: GraphQLResolveInfo,
  ) => AsyncIterable<unknown> | Promise<AsyncIterable<unknown>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  resolve?: (event: any, args: any, ctx: RequestContext, info: GraphQLResolveInfo) => unknown;
}

/** Resolvers by type, then field. Several modules may add fields to one type (User), never the same field. */
export type Resolvers = Record<string, Record<string, FieldResolver | SubscriptionResolver>>;

/** A domain module (the kernel's AppModule) with resolvers of the types above. */
export type AppModule = KernelModule<Resolvers>;

/** Builds a module from the app's dependencies. */
export type ModuleFactory = KernelModuleFactory<Resolvers>;

/** Merges the modules' resolvers; two modules defining one field is a programming error. */
export function mergeResolvers(modules: readonly AppModule[]): Resolvers {
  const out: Resolvers = {};
  for (const m of modules) {
    for (const [type, fields] of Object.entries(m.resolvers ?? {})) {
      const target = (out[type] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in target) throw new Error(`resolver ${type}.${field} is defined twice (module ${m.name})`);
        target[field] = resolver;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Errors: expected failures of mutations are typed payloads; refusals are GraphQL errors with a code.
// ---------------------------------------------------------------------------------------------

/** The codes of ErrorCode in the schema. */
export type ErrorCode = 'BAD_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED' | 'PAYMENT_FAILED';

/** A failed payload: `{ ok: false, error: { code, message, field } }` plus nulls for the payload's other fields. */
export function failure(
  code: ErrorCode,
  message: string,
  field: string | null = null,
): { ok: false; error: { code: ErrorCode; message: string; field: string | null } } {
  return { ok: false, error: { code, message, field } };
}

/**
 * A GraphQL error with a code the client can switch on (extensions.code; extensions.field names the
 * bad argument, when given; extensions.issues lists every bad field as `{ path, message }`, when
 * given); never masked.
 */
export function refusal(
  code: ErrorCode,
  message: string,
  field?: string,
  issues?: readonly { readonly path: string; readonly message: string }[],
): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code, ...(field === undefined ? {} : { field }), ...(issues === undefined ? {} : { issues }), http: { status: 200 } },
  });
}

/** The signed-in member's id, or an UNAUTHENTICATED error. */
export function requireViewer(ctx: RequestContext): string {
  if (ctx.viewer === null) throw refusal('UNAUTHENTICATED', 'Sign in to do this.');
  return ctx.viewer.userId;
}
