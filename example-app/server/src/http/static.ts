// Serves the built web app (example-app/dist/web): files with their type and cache policy, and
// index.html for any other GET so that client-side routes load: 200 for an address that is a page
// of the app (`isPage`), 404 for any other, where the app shows its own not-found page. Paths
// never leave the web root.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * A static file server over `root`, or null answers when the app is not built. `isPage` says
 * whether an address without a file is a page of the app (index.html with 200) or not (404); it
 * may look things up (a guide's slug) and answer a promise.
 */
export function createStaticHandler(root: string | null, isPage: (pathname: string) => boolean | Promise<boolean> = () => true) {
  return async function serve(request: Request): Promise<Response | null> {
    if (root === null || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    const url = new URL(request.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return new Response('Bad path', { status: 400 });
    }
    if (path.includes('\0')) return new Response('Bad path', { status: 400 });
    const file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return new Response('Not found', { status: 404 });
    const found = await fileAt(file);
    const body = found ?? (extname(path) === '' ? await fileAt(join(root, 'index.html')) : null);
    if (body === null) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    const name = found === null ? 'index.html' : file;
    const immutable = name.includes(`${sep}assets${sep}`);
    return new Response(request.method === 'HEAD' ? null : body, {
      status: found === null && !(await isPage(path)) ? 404 : 200,
      headers: {
        'content-type': TYPES[extname(name)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
    });
  };
}

async function fileAt(file: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
    return new Uint8Array(await readFile(file));
  } catch {
    return null;
  }
}
