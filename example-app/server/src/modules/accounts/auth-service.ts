// The separate auth service of spec section 7, for server render: POST /auth/graphql with the API
// key (config.secrets.AUTH_SERVICE_API_KEY) in the `x-api-key` header, the header the sdk's
// createAuthServiceClient sends by default. A missing or wrong key gets one 401 answer that does
// not say which. Its own small schema (AUTH_SERVICE_SDL, documented in docs/server.md) answers
// what a rendering server needs: whose session a platform token proves.
//
// The body is capped at AUTH_SERVICE_MAX_BODY (16 KiB; the session query with a token is well under
// 1 KiB): over it, 413 and the connection is closed. The key is checked first, from the header
// alone: a caller without the key gets its 401 before one byte of its body is read (a SHA-256 of one
// header costs nothing next to reading a body), and only a caller holding the key gets its body read,
// up to the cap. So an oversized request without the key is a 401, not a 413.
import { createHash, timingSafeEqual } from 'node:crypto';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { authenticate } from '../../context';
import type { AppDeps, Route } from '../../kernel';
import { readCappedText } from '../../http/body';
import { DateTimeScalar } from '../../scalars';
import { loadMemberAccess } from '../members/access';

/** The path the auth service answers on. */
export const AUTH_SERVICE_PATH = '/auth/graphql';
/** The header carrying the API key. */
export const API_KEY_HEADER = 'x-api-key';
/** The largest request body the auth service reads, in bytes. */
export const AUTH_SERVICE_MAX_BODY = 16 * 1024;

/** The auth service's whole schema. */
export const AUTH_SERVICE_SDL = /* GraphQL */ `
"An instant, ISO 8601 with offset."
scalar DateTime

type Query {
  "The session a platform token (the _opjwt cookie's value) proves; null when the token is malformed, tampered, expired or revoked."
  session(token: String!): Session
}

type Session {
  user: SessionUser!
  "When this token expires (the session may go on with a rotated token)."
  expiresAt: DateTime!
}

type SessionUser {
  id: ID!
  email: String!
  username: String!
  firstName: String!
  lastName: String!
  "Capability codes of the plans held now."
  capabilities: [String!]!
  "Capability codes granted on top of the plan."
  additionalCapabilities: [String!]!
}
`;

interface AuthServiceContext {
  readonly deps: AppDeps;
  readonly now: number;
}

/** Whether `given` is the key, compared in constant time (both sides hashed to one length first). */
export function apiKeyMatches(given: string | null, key: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const same = timingSafeEqual(digest(given ?? ''), digest(key));
  return given !== null && same;
}

/** The route serving the auth service. */
export function authServiceRoute(deps: AppDeps): Route {
  const noIntrospectionInProduction: Plugin = {
    onValidate({ addValidationRule }) {
      if (deps.config.env === 'production') addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
  const yoga = createYoga<AuthServiceContext>({
    schema: createSchema<AuthServiceContext>({
      typeDefs: AUTH_SERVICE_SDL,
      resolvers: {
        DateTime: DateTimeScalar,
        Query: {
          session: async (_: unknown, { token }: { token: string }, { deps: d, now }: AuthServiceContext) => {
            const viewer = await authenticate(d, { authorization: `Bearer ${token}` }, now);
            if (viewer === null) return null;
            const access = await loadMemberAccess(d.db, d.brand, viewer.userId, now);
            if (access === null) return null;
            const u = access.user;
            return {
              user: {
                id: u.id,
                email: u.email,
                username: u.username,
                firstName: u.firstName,
                lastName: u.lastName,
                capabilities: access.capabilities,
                additionalCapabilities: access.additionalCapabilities,
              },
              expiresAt: viewer.tokenExpiresAt,
            };
          },
        },
      },
    }),
    graphqlEndpoint: AUTH_SERVICE_PATH,
    landingPage: false,
    graphiql: false,
    maskedErrors: true,
    cors: false,
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...a) => deps.logger.warn({ authService: a.map(String) }),
      error: (...a) => deps.logger.error({ authService: a.map((x) => (x instanceof Error ? (x.stack ?? x.message) : String(x))) }),
    },
    // The route below caps the body before yoga sees it; yoga's own check is the same cap.
    maxRequestBodySize: AUTH_SERVICE_MAX_BODY,
    plugins: [noIntrospectionInProduction],
  });
  return {
    method: 'POST',
    path: AUTH_SERVICE_PATH,
    async handle(request, ctx) {
      if (!apiKeyMatches(request.headers.get(API_KEY_HEADER), deps.config.secrets.AUTH_SERVICE_API_KEY)) {
        ctx.logger.warn({ path: AUTH_SERVICE_PATH }, 'auth service call refused: missing or wrong API key');
        // Closing the connection spares the server the rest of an unread body (Node would otherwise drain it).
        return Response.json({ error: true, message: 'Unauthorized' }, { status: 401, headers: { connection: 'close' } });
      }
      const body = await readCappedText(request, AUTH_SERVICE_MAX_BODY);
      if (body === null) {
        ctx.logger.warn({ path: AUTH_SERVICE_PATH, limit: AUTH_SERVICE_MAX_BODY }, 'auth service call refused: body too large');
        return Response.json(
          { error: true, message: `Body too large: the auth service reads at most ${AUTH_SERVICE_MAX_BODY} bytes` },
          { status: 413, headers: { connection: 'close' } },
        );
      }
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      return yoga.fetch(new Request(request.url, { method: request.method, headers, body }), { deps, now: ctx.now });
    },
  };
}
