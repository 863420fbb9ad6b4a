// Test support: a self-signed TLS certificate for 127.0.0.1, for local fakes that speak HTTPS or TLS
// (the push service, Betfair's stream and Betting API).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A TLS key and certificate (PEM) for 127.0.0.1. */
export interface LoopbackCertificate {
  readonly key: string;
  readonly cert: string;
}

/** A self-signed certificate for 127.0.0.1 (openssl, P-256, one day). */
export function loopbackCertificate(): LoopbackCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'matchkit-loopback-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
