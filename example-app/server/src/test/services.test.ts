// scripts/services.mjs leaves nothing behind: not after stop(), not when the process exits without
// stopping, not when it is killed with SIGKILL. Clusters of its own, not the test run's shared one:
// starting, stopping and killing clusters is what it checks.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startPostgres, startRedis } from '../../../../scripts/services.mjs';

const servicesPath = fileURLToPath(new URL('../../../../scripts/services.mjs', import.meta.url));

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function eventually(check: () => Promise<void>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface Started {
  pgDir: string;
  pgPort: number;
  redisPort: number;
}

/** Reads the first line a child prints. */
function firstLine(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    if (child.stdout === null) {
      reject(new Error('no stdout'));
      return;
    }
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${String(code)}) before printing`)));
  });
}

async function runChild(how: 'exit' | 'hang'): Promise<{ started: Started; child: ReturnType<typeof spawn> }> {
  const code = `
    const m = await import(${JSON.stringify(servicesPath)});
    const pg = await m.startPostgres();
    const redis = await m.startRedis();
    console.log(JSON.stringify({ pgDir: pg.dataDir, pgPort: pg.port, redisPort: redis.port }));
    if (${JSON.stringify(how)} === 'exit') setTimeout(() => process.exit(0), 100);
    else setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const started = JSON.parse(await firstLine(child)) as Started;
  return { started, child };
}

async function expectGone(started: Started): Promise<void> {
  await eventually(async () => {
    expect(existsSync(dirname(started.pgDir))).toBe(false);
    expect(await answers(started.pgPort)).toBe(false);
    expect(await answers(started.redisPort)).toBe(false);
  });
}

describe('scripts/services.mjs', () => {
  it('stop() ends both servers and deletes their folders', async () => {
    const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    expect(pg.url).toMatch(/^postgres:\/\/matchkit:[0-9a-f]{24}@127\.0\.0\.1:\d+\/matchkit$/);
    expect(redis.url).toMatch(/^redis:\/\/:[0-9a-f]{24}@127\.0\.0\.1:\d+$/);
    expect(existsSync(pg.dataDir)).toBe(true);
    expect(await answers(pg.port)).toBe(true);
    expect(await answers(redis.port)).toBe(true);
    await Promise.all([pg.stop(), redis.stop()]);
    await pg.stop(); // twice is fine
    await expectGone({ pgDir: pg.dataDir, pgPort: pg.port, redisPort: redis.port });
  });

  it('cleans up when the process exits without stopping them', async () => {
    const { started, child } = await runChild('exit');
    expect(existsSync(started.pgDir)).toBe(true);
    await new Promise((resolve) => child.once('exit', resolve));
    await expectGone(started);
  });

  it('cleans up when the process is killed with SIGKILL', async () => {
    const { started, child } = await runChild('hang');
    expect(await answers(started.pgPort)).toBe(true);
    child.kill('SIGKILL');
    await expectGone(started);
  });
});
