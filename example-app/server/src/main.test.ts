import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverBundle, startServerProcess } from './test/process';

const tmp = () => mkdtempSync(join(tmpdir(), 'matchkit-main-'));

describe('the server process (server/src/main.ts)', () => {
  beforeAll(() => serverBundle(), 120_000);

  it('refuses to start on a bad environment, naming every bad variable and no secret', async () => {
    const secret = 'short-secret-value';
    const r = spawnSync(process.execPath, [await serverBundle()], {
      env: {
        PATH: process.env['PATH'] ?? '',
        PORT: '70000',
        BRAND: 'third',
        JWT_SECRET: secret,
        DATABASE_URL: 'mysql://x',
        DATA_DIR: tmp(),
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('PORT must be between 0 and 65535');
    expect(r.stderr).toContain('BRAND must be primary or secondary');
    expect(r.stderr).toContain('JWT_SECRET must be at least 32 characters');
    expect(r.stderr).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(r.stderr).not.toContain(secret);
  });

  it('refuses to start in production without its secrets and public origin', async () => {
    const r = spawnSync(process.execPath, [await serverBundle()], {
      env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'production', DATA_DIR: tmp() },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    for (const name of [
      'JWT_SECRET',
      'AUTH_SERVICE_API_KEY',
      'TWO_FACTOR_KEY',
      'ANALYTICS_KEY',
      'PUBLIC_ORIGIN',
      'SELLER_NAME',
      'SELLER_ADDRESS',
      'VAT_NUMBER',
      'SMTP_URL',
      'MAIL_FROM',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
    ])
      expect(r.stderr).toContain(`${name} is required in production`);
    // The test-mode provider's key: production never runs that provider.
    expect(r.stderr).not.toContain('PAYMENT_WEBHOOK_SECRET');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) expect(r.stderr).toContain(`${name} is required in production`);
  });

  it('creates and migrates its embedded database on first start, serves the API, and keeps data across a restart; SIGTERM exits 0', async () => {
    const dataDir = tmp();
    const first = await startServerProcess({ DATA_DIR: dataDir, BRAND: 'secondary' });
    const ask = async (origin: string) =>
      (
        await fetch(`${origin}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ brand plans { name } }' }),
        })
      ).json();
    expect(await ask(first.origin)).toEqual({
      data: { brand: 'secondary', plans: [{ name: 'starter' }, { name: 'advanced' }, { name: 'pro' }] },
    });
    expect(await first.kill('SIGTERM')).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    // Everything in the data folder is private to the server's user (db/file-modes.ts).
    expect(
      execFileSync('find', [dataDir, '(', '-type', 'd', '!', '-perm', '700', ')', '-o', '(', '-type', 'f', '!', '-perm', '600', ')'], {
        encoding: 'utf8',
      }),
    ).toBe('');
    // A file loosened since (a copy from a backup, say) is tightened at the next start, and the log says so without paths.
    chmodSync(join(dataDir, 'secrets.json'), 0o644);
    // The development secrets were generated once and are reused.
    const second = await startServerProcess({ DATA_DIR: dataDir, BRAND: 'secondary' });
    expect((await fetch(`${second.origin}/readyz`)).status).toBe(200);
    expect(await second.kill('SIGTERM')).toBe(0);
    const tightened = second
      .output()
      .split('\n')
      .find((l) => l.includes('tightened the modes'));
    expect(tightened).toContain('"files":1');
    expect(tightened).not.toContain(dataDir);
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
  }, 180_000);
});
