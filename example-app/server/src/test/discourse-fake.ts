// A local Discourse for tests (the server's and the browser's): a loopback HTTP server that plays
// the forum's half of DiscourseConnect. GET /session/sso starts a sign-in as Discourse does (a fresh
// nonce, `sso` and `sig` signed with the shared secret) by redirecting to the provider;
// GET /session/sso_login receives the provider's answer, checks its signature and that its nonce
// was issued here and is used once, keeps the fields, and greets the member by username.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DiscourseFake {
  /** `http://127.0.0.1:<port>`: the FORUM_URL to give the server. */
  readonly origin: string;
  /** The fields of each answer the fake accepted, oldest first. */
  readonly signIns: readonly Readonly<Record<string, string>>[];
  close(): Promise<void>;
}

/** Starts the fake; `provider()` is the provider's sign-in URL (asked at each sign-in, so it may name a server started later). */
export async function startDiscourseFake(secret: string, provider: () => string): Promise<DiscourseFake> {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
  const issued = new Set<string>();
  const signIns: Record<string, string>[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const html = (status: number, title: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>${title}</title><h1>${title}</h1>`);
    if (url.pathname === '/session/sso') {
      const nonce = randomBytes(16).toString('hex');
      issued.add(nonce);
      const sso = Buffer.from(new URLSearchParams({ nonce, return_sso_url: `${origin}/session/sso_login` }).toString()).toString('base64');
      const to = new URL(provider());
      to.searchParams.set('sso', sso);
      to.searchParams.set('sig', sign(sso));
      res.writeHead(302, { location: to.href }).end();
      return;
    }
    if (url.pathname === '/session/sso_login') {
      const sso = url.searchParams.get('sso') ?? '';
      if (sign(sso) !== url.searchParams.get('sig')) return html(403, 'Bad signature');
      const fields = Object.fromEntries(new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8')));
      if (!issued.delete(fields['nonce'] ?? '')) return html(403, 'Unknown nonce');
      signIns.push(fields);
      return html(200, `Forum: signed in as ${fields['username'] ?? '?'}`);
    }
    html(404, 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, signIns, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
