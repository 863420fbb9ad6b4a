// What the domain modules are written with: their resolvers' types (the kernel's AppModule bound to
// them), merging the modules' resolvers, and the errors resolvers answer with. buildApp lists the
// modules in one place (modules/index.ts).
import { GraphQLError } from 'graphql';
import type { ValidationIssue } from '@matchkit/sdk/errors';
import type { ErrorCode, Resolvers } from '../generated/resolvers';
import type { AppModule as KernelModule, ModuleFactory as KernelModuleFactory, RequestContext } from '../kernel';

export type { ErrorCode, Resolvers };

/** A domain module (the kernel's AppModule) whose resolvers are typed by the schema (generated/resolvers.ts). */
export type AppModule = KernelModule<Resolvers>;

/** Builds a module from the app's dependencies. */
export type ModuleFactory = KernelModuleFactory<Resolvers>;

/**
 * Merges the modules' resolvers. Several modules may add fields to one type (User), never the same
 * field: two modules defining one field is a programming error.
 */
export function mergeResolvers(modules: readonly AppModule[]): Resolvers {
  const out: Record<string, Record<string, unknown>> = {};
  for (const m of modules) {
    const types: Record<string, object | undefined> = m.resolvers ?? {};
    for (const [type, fields] of Object.entries(types)) {
      const target = (out[type] ??= {});
      for (const [field, resolver] of Object.entries(fields ?? {})) {
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
export function refusal(code: ErrorCode, message: string, field?: string, issues?: readonly ValidationIssue[]): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code, ...(field === undefined ? {} : { field }), ...(issues === undefined ? {} : { issues }), http: { status: 200 } },
  });
}

/** The signed-in member's id, or an UNAUTHENTICATED error. */
export function requireViewer(ctx: RequestContext): string {
  if (ctx.viewer === null) throw refusal('UNAUTHENTICATED', 'Sign in to do this.');
  return ctx.viewer.userId;
}
