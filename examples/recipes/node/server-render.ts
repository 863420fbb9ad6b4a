// Server render with the auth service: a Node page server that greets the member whose session
// cookie comes with the request, and lists their plan's tools.
//
//   AUTH_SERVICE_URL=http://127.0.0.1:3000/auth/graphql AUTH_SERVICE_API_KEY='…' PORT=8080 node server-render.js
//
// Needs `npm install @matchkit/sdk`. The platform's AUTH_SERVICE_API_KEY is the key (servers only:
// it never reaches a browser). The auth service's address is configuration, never built from the
// request, so a request cannot send a member's token, or the key, anywhere else.
import { createServer, type ServerResponse } from 'node:http';
import { getBrand } from '@matchkit/sdk/brands';
import { availableTools, planTier } from '@matchkit/sdk/entitlements';
import { createAuthServiceClient, isTransportError, type TypedDocumentString } from '@matchkit/sdk/transport';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
}

const auth = createAuthServiceClient({ url: required('AUTH_SERVICE_URL'), apiKey: required('AUTH_SERVICE_API_KEY'), timeoutMs: 2_000 });
const brand = getBrand(process.env['BRAND'] === 'secondary' ? 'secondary' : 'primary');

interface SessionUser {
  readonly firstName: string;
  readonly capabilities: readonly string[];
  readonly additionalCapabilities: readonly string[];
}
// The auth service's own schema: `session(token)` is null for a token that is expired, revoked or not one.
const SessionQuery =
  'query Session($token: String!) { session(token: $token) { user { firstName capabilities additionalCapabilities } } }' as TypedDocumentString<
    { readonly session: { readonly user: SessionUser } | null },
    { token: string }
  >;

/** The `_opjwt` cookie's value: only the token goes to the auth service, never the whole Cookie header. */
function sessionToken(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== '_opjwt') continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined; // not valid percent-encoding: nobody's token
    }
  }
  return undefined;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The member the cookie proves; null for a visitor; 'unknown' when the auth service could not say. */
async function memberOf(cookieHeader: string | undefined): Promise<SessionUser | null | 'unknown'> {
  const token = sessionToken(cookieHeader);
  if (token === undefined || token === '') return null;
  try {
    const { data } = await auth.request({ query: SessionQuery, variables: { token } });
    return data.session?.user ?? null;
  } catch (error) {
    if (!isTransportError(error)) throw error;
    console.warn(`auth service: ${error.kind}${error.status === undefined ? '' : ` ${error.status}`}`); // never the token
    return 'unknown';
  }
}

async function page(cookieHeader: string | undefined): Promise<string> {
  const member = await memberOf(cookieHeader);
  const title = escapeHtml(brand.displayName);
  if (member === null || member === 'unknown') {
    // A visitor, or the auth service did not answer: the public page (the browser's app asks again).
    return `<h1>Welcome to ${title}</h1><p><a href="/login">Sign in</a></p>`;
  }
  const tools = availableTools(brand, member).map((tool) => `<li>${escapeHtml(tool.shortTitle)}</li>`);
  return `<h1>Hello, ${escapeHtml(member.firstName)}</h1><p>Your plan: ${planTier(brand, member)}</p><ul>${tools.join('')}</ul>`;
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-store', // a member's page: no shared cache may keep it
    vary: 'Cookie',
  });
  response.end(`<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>${escapeHtml(brand.displayName)}</title>${body}</html>`);
}

const server = createServer((request, response) => {
  page(request.headers.cookie).then(
    (body) => send(response, 200, body),
    (error: unknown) => {
      console.error('render failed:', error);
      send(response, 500, '<h1>Something went wrong</h1>');
    },
  );
});
server.listen(Number(process.env['PORT'] ?? 8080), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : '?'}`);
});
