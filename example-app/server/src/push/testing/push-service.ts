// A local push service for tests: an HTTPS server on loopback (a certificate made by openssl for
// 127.0.0.1 at start, or one given; web-push speaks only https, so the sender is given `agent`,
// which trusts it, or trusts the given one already) that acts as a browser's push
// service endpoint (RFC 8030). It checks each request's VAPID authorization (RFC 8292: an ES256
// JWT over the key in k=, aud the endpoint's origin, exp within 24 hours, a sub) and decrypts the
// aes128gcm payload (RFC 8188/8291) with the subscription's private key, written here with
// node:crypto alone (not web-push's own code), then answers as it was told: 201 by default, or a
// scripted status per subscription (404/410: gone; 429/5xx: try later).
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { loopbackCertificate, type LoopbackCertificate } from '../../test/loopback-certificate';

/** A browser's side of one subscription: what it posts and the private key the service decrypts with. */
export interface TestSubscription {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly expirationTime: null;
  /** The key pair whose public half is p256dh. */
  readonly ecdh: ECDH;
}

/** One request the service received, checked and decrypted. */
export interface ReceivedPush {
  /** The subscription's id (the endpoint's last path segment). */
  readonly id: string;
  /** The status the service answered. */
  readonly status: number;
  /** The decrypted payload as text. */
  readonly payload: string;
  readonly headers: { readonly ttl: string | null; readonly urgency: string | null; readonly topic: string | null };
  /** The VAPID JWT's claims. */
  readonly claims: { readonly aud: string; readonly exp: number; readonly sub: string };
  /** The VAPID public key (k=). */
  readonly vapidKey: string;
}

export interface LocalPushService {
  readonly origin: string;
  /** An https agent that trusts this service's certificate (give it to the push delivery). */
  readonly agent: Agent;
  /** A new subscription on this service, with keys made for it. */
  subscription(): TestSubscription;
  /** The statuses to answer for `endpoint`, in turn (then 201). */
  script(endpoint: string, statuses: readonly number[]): void;
  /** Every request so far, in order (including the refused ones). */
  readonly received: readonly ReceivedPush[];
  /** Requests that failed the VAPID or decryption checks, with why (tests expect none). */
  readonly rejected: readonly string[];
  close(): Promise<void>;
}

/** Decrypts an aes128gcm body (RFC 8291) for the holder of `ecdh` and `auth`; throws when it does not authenticate. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error('not a single aes128gcm record with a P-256 key id');
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`; returns the claims and key, or throws why not. */
export function checkVapid(
  header: string | undefined,
  endpointOrigin: string,
  now: number,
): { claims: ReceivedPush['claims']; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (m === null) throw new Error(`authorization is not "vapid t=..., k=...": ${header ?? '(none)'}`);
  const [, jwt = '', key = ''] = m;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT is not signed by k');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header_.alg !== 'ES256') throw new Error(`alg is ${String(header_.alg)}, not ES256`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: unknown; exp?: unknown; sub?: unknown };
  if (claims.aud !== endpointOrigin) throw new Error(`aud ${String(claims.aud)} is not ${endpointOrigin}`);
  const exp = claims.exp;
  if (typeof exp !== 'number' || exp * 1000 <= now || exp * 1000 > now + 24 * 60 * 60 * 1000)
    throw new Error(`exp ${String(exp)} is not within 24 hours`);
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error(`sub ${String(claims.sub)} is not mailto: or https:`);
  return { claims: { aud: claims.aud, exp, sub: claims.sub }, key };
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface LocalPushServiceOptions {
  /**
   * The certificate to serve: one the sender already trusts (the browser tests' servers trust the
   * one their global setup made, through NODE_EXTRA_CA_CERTS). @defaultValue a new one ({@link loopbackCertificate})
   */
  readonly certificate?: LoopbackCertificate;
}

/** Starts a local push service on 127.0.0.1 (any free port). */
export async function startLocalPushService(options: LocalPushServiceOptions = {}): Promise<LocalPushService> {
  const keys = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const scripts = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let serial = 0;
  const { key, cert } = options.certificate ?? loopbackCertificate();
  const server: Server = createServer({ key, cert }, (request, response) => {
    void (async () => {
      const id = (request.url ?? '').split('/').pop() ?? '';
      const body = await bodyOf(request);
      const subscription = keys.get(id);
      try {
        if (request.method !== 'POST' || subscription === undefined) throw new Error(`no subscription ${id}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding is not aes128gcm');
        const { claims, key } = checkVapid(request.headers.authorization, origin, Date.now());
        const payload = decryptAes128gcm(body, subscription.ecdh, subscription.auth);
        const status = scripts.get(id)?.shift() ?? 201;
        const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null);
        received.push({
          id,
          status,
          payload,
          claims,
          vapidKey: key,
          headers: { ttl: header('ttl'), urgency: header('urgency'), topic: header('topic') },
        });
        if (status === 429) response.setHeader('retry-after', '0');
        response.writeHead(status).end();
        if (status === 404 || status === 410) keys.delete(id);
      } catch (error) {
        rejected.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin,
    agent,
    received,
    rejected,
    subscription() {
      serial += 1;
      const id = `sub${serial}-${randomBytes(6).toString('base64url')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
        expirationTime: null,
        ecdh,
      };
    },
    script(endpoint, statuses) {
      scripts.set(endpoint.split('/').pop() ?? '', [...statuses]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
