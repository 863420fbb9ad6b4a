// The browser tests' one server per brand, shared by every test file of the run: each file gets
// its own Chromium (harness.ts `useE2E`), and the tests keep out of each other's way by each using
// members of their own. Starting a server (a new embedded database, migrated and seeded) once per
// brand instead of once per file saves about ten seconds a file.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { BRANDS, SCREENS_DIR, startAppServer, type AppServer } from './harness';

/** A first start on a loaded machine (migrations, seed) can take over a minute. */
const SERVER_START_MS = 180_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: AppServer[] = [];
  // The screenshot review's pictures are this run's only (review.ts), and where they are is said at the end.
  rmSync(SCREENS_DIR, { recursive: true, force: true });
  const stopAll = async () => {
    await Promise.allSettled(started.map((server) => server.stop()));
    if (existsSync(SCREENS_DIR)) console.warn(`screenshot review: ${readdirSync(SCREENS_DIR).length} screenshots in ${SCREENS_DIR}`);
  };
  try {
    const servers = await Promise.all(
      BRANDS.map(async (brand) => {
        const server = await startAppServer({ brand, timeoutMs: SERVER_START_MS });
        started.push(server);
        return server;
      }),
    );
    project.provide(
      'e2eServers',
      Object.fromEntries(servers.map((server) => [server.brand, server.origin])) as Record<(typeof BRANDS)[number], string>,
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
