// The browser tests' one server per brand, shared by every test file of the run: each file gets
// its own Chromium (harness.ts `useE2E`), and the tests keep out of each other's way by each using
// members of their own. Starting a server (a new embedded database, migrated and seeded) once per
// brand instead of once per file saves about ten seconds a file. Every server of the run, these and
// those a file starts for itself (startE2E), starts on a copy of one database migrated here once
// (migratedDatabase): PGlite's initdb and the migrations were most of each start.
//
// The servers send web push (push.primary.test.ts): PUSH=on with a VAPID key pair made here for the
// run (never one kept in the repository), and trusting a loopback certificate made here too
// (NODE_EXTRA_CA_CERTS), which the test's local push service serves, and sending to it
// (PUSH_ALLOWED_HOSTS: otherwise only the browsers' push services).
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import type { TestProject } from 'vitest/node';
import { loopbackCertificate } from '../server/src/test/loopback-certificate';
import { BRANDS, migratedDatabase, SCREENS_DIR, startAppServer, type AppServer, type E2EPush } from './harness';

/** A first start on a loaded machine (migrations, seed) can take over a minute. */
const SERVER_START_MS = 180_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: AppServer[] = [];
  // The screenshot review's pictures are this run's only (review.ts), and where they are is said at the end.
  rmSync(SCREENS_DIR, { recursive: true, force: true });
  const vapid = webpush.generateVAPIDKeys();
  const push: E2EPush = { vapidPublicKey: vapid.publicKey, certificate: loopbackCertificate() };
  const pushDir = mkdtempSync(join(tmpdir(), 'matchkit-e2e-push-'));
  const trusted = join(pushDir, 'push-service.pem');
  writeFileSync(trusted, push.certificate.cert);
  const pushEnv = {
    PUSH: 'on',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:push-tests@example.test',
    NODE_EXTRA_CA_CERTS: trusted,
    // The local push service is on 127.0.0.1: outside the browsers' push services, so allowed by
    // name; and FCM's host, which the documentation's push subscription example names.
    PUSH_ALLOWED_HOSTS: '127.0.0.1,fcm.googleapis.com',
  };
  const startedAt = Date.now();
  let database: Awaited<ReturnType<typeof migratedDatabase>> | undefined;
  const stopAll = async () => {
    // What each server cost the run, in CPU seconds (the browsers share these two cores with it):
    // a server busy between tests (alerts a test left saved) shows here.
    const wall = ((Date.now() - startedAt) / 1000).toFixed(0);
    for (const server of started) {
      const cpu = server.cpuSeconds();
      if (cpu !== null) console.warn(`the ${server.brand} server: ${cpu.toFixed(1)} s of CPU in ${wall} s`);
    }
    await Promise.allSettled(started.map((server) => server.stop()));
    rmSync(pushDir, { recursive: true, force: true });
    database?.remove();
    if (existsSync(SCREENS_DIR)) console.warn(`screenshot review: ${readdirSync(SCREENS_DIR).length} screenshots in ${SCREENS_DIR}`);
  };
  try {
    database = await migratedDatabase();
    const { folder } = database;
    const servers = await Promise.all(
      BRANDS.map(async (brand) => {
        const server = await startAppServer({ brand, timeoutMs: SERVER_START_MS, env: pushEnv, database: folder });
        started.push(server);
        return server;
      }),
    );
    project.provide(
      'e2eServers',
      Object.fromEntries(servers.map((server) => [server.brand, server.origin])) as Record<(typeof BRANDS)[number], string>,
    );
    project.provide('e2ePush', push);
    project.provide('e2eDatabase', folder);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
