// A same-origin proxy: serves a web app's files and forwards the platform's API to it, the HTTP
// requests and the WebSocket upgrade alike, so the page and the API share one origin.
//
//   MATCHKIT_API=http://127.0.0.1:3000 STATIC_DIR=./dist PORT=8080 node proxy.js
//
// Needs nothing but Node. Same origin means: relative URLs (`createGraphQLClient({ url: '/graphql' })`),
// the session cookie set by the platform on the page's own origin (the transport reads it) and no
// CORS. The platform must know this proxy's origin as the one members open: its PUBLIC_ORIGIN (or an
// ALLOWED_ORIGINS entry), since it answers only the hosts and origins it is configured with. The
// platform here is plain http on a private address; for an https platform use node:https and
// node:tls. In production, your host's rewrite rules or nginx do the same.
import { createServer, request as forward, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
}

const api = new URL(required('MATCHKIT_API'));
const root = resolve(required('STATIC_DIR'));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};
const isApi = (request: IncomingMessage): boolean => new URL(request.url ?? '/', 'http://x').pathname === '/graphql';

/**
 * The request's headers as the browser sent them. The Host header is kept: the platform then sees
 * the request as addressed to this origin (its PUBLIC_ORIGIN, or an ALLOWED_ORIGINS entry), and its
 * session cookie belongs to this host.
 */
const headersOf = (request: IncomingMessage): string[] => request.rawHeaders;

const server = createServer((request, response) => {
  if (isApi(request)) {
    const upstream = forward(
      { host: api.hostname, port: api.port, method: request.method, path: request.url, headers: headersOf(request) },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('the platform is unreachable');
    });
    request.pipe(upstream);
    return;
  }
  // The app's files; any other path is the app's page (a single-page app routes in the browser).
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  const file = resolve(root, `.${path}`);
  const inside = file === root || file.startsWith(root + sep);
  const target = inside && extname(file) !== '' ? file : join(root, 'index.html');
  readFile(target).then(
    (body) => {
      response.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' });
      response.end(body);
    },
    () => {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    },
  );
});

// The WebSocket: the upgrade request goes to the platform as it came, then bytes flow both ways.
server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
  if (!isApi(request)) {
    socket.destroy();
    return;
  }
  const upstream = connect(Number(api.port || 80), api.hostname, () => {
    const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
    const raw = headersOf(request);
    for (let i = 0; i < raw.length; i += 2) lines.push(`${raw[i]}: ${raw[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  const close = () => {
    socket.destroy();
    upstream.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
});

server.listen(Number(process.env['PORT'] ?? 8080), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : '?'}`);
});
