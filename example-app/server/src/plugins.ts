// The GraphQL server's plugins, in the one order they run (yoga runs a hook of each plugin in list
// order). Rate limits live in the modules that need them (per IP and per account, on login, sign-up
// and reset) and reach the metrics through their RATE_LIMITED answers; error masking is yoga's own
// (maskedErrors in app.ts: an unexpected error becomes "Unexpected error.", a GraphQLError such as a
// refusal with extensions.code passes as it is).
//
//   1. csrf           a request with cookies must not be a "simple" one, and its Origin must be ours
//   2. metrics        operations by type and result, limit rejections by rule
//   3. limits         GraphQL Armor: tokens, directives, aliases, cost, depth; no field suggestions in production
//   3b. list cost     a cost that counts list sizes (list-cost.ts), and each member's operations per minute
//   4. controls       control characters in any string (literal or variable) refused as BAD_INPUT (control-characters.ts)
//   5. introspection  refused in production (`__type` answers null there; see introspectionPlugin)
//   6. live access    every member's subscription is registered so that a revocation ends it at once
//                     (live-access.ts); an event stream also ends when its token expires, as a socket does
//   7. cookies        the Set-Cookie headers the resolvers asked for
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import {
  getNamedType,
  GraphQLError,
  isIntrospectionType,
  Kind,
  visit,
  type ASTVisitor,
  type DocumentNode,
  type ExecutionArgs,
  type ValidationContext,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Config } from './config';
import type { RequestContext } from './kernel';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { retryAfterSeconds, type RateCounter, type RateLimitStore } from './auth/rate-limits';
import { listCostRule } from './list-cost';
import { controlCharactersRule, selectedOperation, variablesProblem } from './control-characters';
import { csrfProblem } from './http/csrf';
import type { Metrics, OperationType, RejectionRule } from './ops/metrics';

/** The limits, in one place (docs/operations.md lists them). */
export const LIMITS = {
  /** Nesting of selections (the deepest operation of the sdk is 5). */
  maxDepth: 10,
  /** GraphQL Armor's cost: 2 per object field, 1 per scalar, x1.5 per level of depth. */
  maxCost: 5000,
  /** Aliased fields per operation (__typename is free). */
  maxAliases: 15,
  /** Lexical tokens per document. */
  maxTokens: 2000,
  /** The cost counting list sizes (list-cost.ts): two full odds snapshots (about 200 000 each) and some. */
  maxListCost: 500_000,
  /** GraphQL operations one member may start per minute, over HTTP and sockets together. */
  memberOperationsPerMinute: 600,
  /** Directives per operation. */
  maxDirectives: 10,
  /** An HTTP request body, in bytes. */
  maxBodyBytes: 1_000_000,
  /** A WebSocket message, in bytes (ws closes the socket with 1009 beyond it). */
  maxWsMessageBytes: 64 * 1024,
  /** Operations running at once on one socket (a page needs a handful; each holds server memory). */
  maxOperationsPerSocket: 32,
} as const;

/** The armor limit names, as the `limit` extension of their errors says. */
type LimitName = 'maxDepth' | 'costLimit' | 'maxListCost' | 'maxAliases' | 'maxTokens' | 'maxDirectives';

const RULE_OF: Record<LimitName, RejectionRule> = {
  maxDepth: 'max-depth',
  costLimit: 'cost-limit',
  maxListCost: 'list-cost',
  maxAliases: 'max-aliases',
  maxTokens: 'max-tokens',
  maxDirectives: 'max-directives',
};

/** The error a limit gives: armor's own message (with the limit and what was found), a stable code and the limit's name. */
function limitError(limit: LimitName, error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit } });
}

/** What the plugins need from the app. */
export interface PluginOptions {
  readonly config: Config;
  readonly metrics: Metrics;
  /** The Set-Cookie values the resolvers of `request` asked for. */
  cookiesFor(request: Request): readonly string[];
  /** The live-access plugin (live-access.ts). */
  readonly liveAccess: Plugin<RequestContext>;
}

/** The ordered plugin list. */
export function appPlugins(options: PluginOptions): Plugin<RequestContext>[] {
  return [
    csrfPlugin(options),
    metricsPlugin(options.metrics),
    limitsPlugin(options),
    listCostPlugin(),
    memberRatePlugin(options.metrics),
    controlCharactersPlugin(options.metrics),
    introspectionPlugin(options.config),
    options.liveAccess,
    cookiesPlugin(options),
  ];
}

/**
 * The parser cache options for createYoga: parse results are cached, parse errors are not, so that
 * a document over the token limit is counted each time it is sent (yoga's error cache would answer
 * the second one before the limit sees it). Parsing stops at the token limit, so this costs little.
 */
export const parserCacheOptions = {
  errorCache: { get: () => undefined, set: () => undefined },
} as const;

/** 1. CSRF: see http/csrf.ts for the rules. Runs before yoga reads the body. */
function csrfPlugin({ config, metrics }: PluginOptions): Plugin<RequestContext> {
  return {
    onRequest({ request, endResponse }) {
      const problem = csrfProblem(request, config.allowedOrigins);
      if (problem === null) return;
      metrics.rejection('csrf');
      endResponse(
        Response.json(
          { errors: [{ message: `Refused as a possible cross-site request: ${problem}.`, extensions: { code: 'FORBIDDEN' } }] },
          { status: 403 },
        ),
      );
    },
  };
}

/** 2. Operations by type and result; limit rejections by rule (also when the validation result comes from yoga's cache). */
function metricsPlugin(metrics: Metrics): Plugin<RequestContext> {
  return {
    onParse() {
      return ({ result }) => {
        if (result instanceof Error) metrics.operation('unknown', 'invalid');
      };
    },
    onValidate({ params }) {
      return ({ valid, result }) => {
        if (valid) return;
        metrics.operation(operationTypeOf(params.documentAST), 'invalid');
        for (const error of result) {
          const limit = error.extensions['limit'] as LimitName | undefined;
          if (limit !== undefined && limit in RULE_OF) metrics.rejection(RULE_OF[limit]);
        }
      };
    },
    onExecute({ args }) {
      const type = operationTypeOf(args.document, args.operationName);
      return {
        onExecuteDone({ result }) {
          if (isAsyncIterable(result)) {
            metrics.operation(type, 'ok');
            return;
          }
          metrics.operation(type, (result.errors?.length ?? 0) > 0 ? 'error' : 'ok');
          if (rateLimited(result)) metrics.rejection('rate-limit');
        },
      };
    },
    onSubscribe() {
      return {
        onSubscribeResult({ result }) {
          metrics.operation('subscription', !isAsyncIterable(result) && (result.errors?.length ?? 0) > 0 ? 'error' : 'ok');
        },
      };
    },
  };
}

/** 3. GraphQL Armor's envelop plugins (they work with yoga 5: each adds a validation rule, max-tokens replaces the parser). */
function limitsPlugin({ config, metrics }: PluginOptions): Plugin<RequestContext> {
  // A validation rule reports its error to the validation (all of an operation's problems are
  // answered together, with status 200 or 400 as the GraphQL-over-HTTP spec says). The token limit
  // runs inside the parser, which has no validation context: it throws, as any syntax error does.
  const report = (limit: LimitName) => ({
    propagateOnRejection: false,
    onReject: [(ctx: ValidationContext | null, error: GraphQLError) => ctx?.reportError(limitError(limit, error))],
  });
  return EnvelopArmorPlugin({
    maxTokens: {
      n: LIMITS.maxTokens,
      propagateOnRejection: false,
      onReject: [
        (_ctx: ValidationContext | null, error: GraphQLError) => {
          metrics.rejection('max-tokens');
          throw limitError('maxTokens', error);
        },
      ],
    },
    maxDirectives: { n: LIMITS.maxDirectives, ...report('maxDirectives') },
    maxAliases: { n: LIMITS.maxAliases, ...report('maxAliases') },
    costLimit: { maxCost: LIMITS.maxCost, ...report('costLimit') },
    maxDepth: { n: LIMITS.maxDepth, ...report('maxDepth') },
    // "Did you mean ...?" helps whoever maps a schema that does not offer introspection.
    blockFieldSuggestion: { enabled: config.env === 'production', mask: '' },
  }) as Plugin<RequestContext>;
}

/** 3b. The cost counting list sizes (list-cost.ts), as one more validation rule. */
function listCostPlugin(): Plugin<RequestContext> {
  const rule = listCostRule(LIMITS.maxListCost);
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
  };
}

/**
 * 3c. Each member's operations per minute (rate-limiter-flexible on the app's store: memory, or
 * Redis when the app uses it, as the sign-in limits). Over it: RATE_LIMITED with the seconds to
 * wait in `extensions.retryAfter` and, over HTTP, a Retry-After header. Visitors are limited by
 * the sign-in and sign-up limits and by the cost limits only.
 */
function memberRatePlugin(metrics: Metrics): Plugin<RequestContext> {
  const waits = new WeakMap<Request, number>();
  const counters = new WeakMap<RateLimitStore, RateCounter>();
  const refused = async (args: ExecutionArgs): Promise<GraphQLError | null> => {
    const ctx = args.contextValue as RequestContext & { request?: Request };
    if (ctx.viewer === null) return null;
    const store = ctx.deps.rateLimits;
    let counter = counters.get(store);
    if (counter === undefined) {
      counter = store.counter('member-operations', { points: LIMITS.memberOperationsPerMinute, durationSeconds: 60 });
      counters.set(store, counter);
    }
    try {
      await counter.consume(ctx.viewer.userId);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = retryAfterSeconds(rejection.msBeforeNext);
      metrics.rejection('member-rate');
      if (ctx.request !== undefined) waits.set(ctx.request, seconds);
      return new GraphQLError(`Too many requests: try again in ${seconds} seconds.`, {
        extensions: { code: 'RATE_LIMITED', retryAfter: seconds },
      });
    }
  };
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const error = await refused(args);
      if (error !== null) setResultAndStopExecution({ errors: [error] });
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      const error = await refused(args);
      if (error !== null) setResultAndStopExecution({ errors: [error] });
    },
    onResponse({ request, response }) {
      const seconds = waits.get(request);
      if (seconds !== undefined) response.headers.set('retry-after', String(seconds));
    },
  };
}

/**
 * 4. Control characters: the validation rule for the document's own strings, and the variables'
 * values checked before execution (a query, a mutation or a subscription, over HTTP or a socket).
 */
function controlCharactersPlugin(metrics: Metrics): Plugin<RequestContext> {
  const refusedVariables = (args: ExecutionArgs): GraphQLError | null => {
    const problem = variablesProblem(
      args.schema,
      args.document,
      selectedOperation(args.document, args.operationName),
      args.variableValues as Record<string, unknown> | null | undefined,
    );
    if (problem !== null) metrics.rejection('control-characters');
    return problem;
  };
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(controlCharactersRule);
      return ({ result }) => {
        if (result.some((e) => e.extensions['code'] === 'BAD_INPUT')) metrics.rejection('control-characters');
      };
    },
    onExecute({ args, setResultAndStopExecution }) {
      const problem = refusedVariables(args);
      if (problem !== null) setResultAndStopExecution({ errors: [problem] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const problem = refusedVariables(args);
      if (problem !== null) setResultAndStopExecution({ errors: [problem] });
    },
  };
}

/**
 * 5. No introspection in production (the schema is public in the sdk; this only stops probing a live
 * server). Every field of an introspection type is refused at validation (`__schema`, and anything
 * under `__type` but its scalar fields), with one exception: the root `__type(name:)` field answers
 * null for every name, so it reveals nothing (not even whether a type exists). It is allowed
 * because graphql-http's serverAudits use `query Type($name: String!) { __type(name: $name) { name } }`
 * as their example of an operation with variables (audits 2EA1, 28B9, D6D5, 6A70), and a server
 * that refuses it fails them; null passes them with nothing disclosed. `__typename` is not
 * introspection and is always allowed.
 */
function introspectionPlugin(config: Config): Plugin<RequestContext> {
  if (config.env !== 'production') return {};
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(noIntrospectionRule);
    },
    onExecute({ args, setExecuteFn, executeFn }) {
      const document = withoutTypeLookups(args.document);
      if (document !== args.document) setExecuteFn((a) => executeFn({ ...a, document }));
    },
  };
}

/** The validation rule of {@link introspectionPlugin}. */
export function noIntrospectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const type = getNamedType(context.getType());
      if (type === undefined || type === null || !isIntrospectionType(type)) return;
      if (node.name.value === '__type' && context.getParentType() === context.getSchema().getQueryType()) return;
      context.reportError(
        new GraphQLError(`GraphQL introspection has been disabled, but the requested query contained the field "${node.name.value}".`, {
          nodes: node,
        }),
      );
    },
  };
}

/** A name no type has ("" is not a valid GraphQL name), so `__type` resolves to null. */
const NO_TYPE = { kind: Kind.STRING, value: '' } as const;
const rewritten = new WeakMap<DocumentNode, DocumentNode>();

/**
 * `document` with every `__type(name: ...)` asking for NO_TYPE instead (the same document when it
 * has none). The parsed document is cached and shared by yoga: it is copied, never changed, and the
 * copy is kept per document.
 */
export function withoutTypeLookups(document: DocumentNode): DocumentNode {
  const known = rewritten.get(document);
  if (known !== undefined) return known;
  const out = visit(document, {
    Field(node) {
      if (node.name.value !== '__type') return undefined;
      return { ...node, arguments: (node.arguments ?? []).map((a) => (a.name.value === 'name' ? { ...a, value: NO_TYPE } : a)) };
    },
  });
  rewritten.set(document, out);
  return out;
}

/** 7. The Set-Cookie headers the resolvers asked for (a rotated or cleared session cookie). */
function cookiesPlugin({ cookiesFor }: PluginOptions): Plugin<RequestContext> {
  return {
    onResponse({ request, response }) {
      for (const cookie of cookiesFor(request)) response.headers.append('set-cookie', cookie);
    },
  };
}

/** The type of the operation `operationName` selects (or the only one). */
function operationTypeOf(document: DocumentNode, operationName?: string | null): OperationType {
  const ops = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const op =
    operationName === undefined || operationName === null
      ? ops.length === 1
        ? ops[0]
        : undefined
      : ops.find((o) => o.name?.value === operationName);
  return op?.operation ?? 'unknown';
}

/** Whether a result refused something for a rate limit: a RATE_LIMITED error, or a top-level payload `{ ok: false, error: { code: 'RATE_LIMITED' } }`. */
function rateLimited(result: { errors?: readonly GraphQLError[]; data?: Record<string, unknown> | null }): boolean {
  if (result.errors?.some((e) => e.extensions['code'] === 'RATE_LIMITED') === true) return true;
  for (const value of Object.values(result.data ?? {})) {
    if (typeof value !== 'object' || value === null) continue;
    const error = (value as { error?: unknown }).error;
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'RATE_LIMITED') return true;
  }
  return false;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
