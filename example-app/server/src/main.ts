// Starts the server: reads the configuration, opens and migrates the database, builds the app,
// listens, and stops cleanly on SIGTERM or SIGINT. Nothing else.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createRedisRateLimitStore } from './auth/rate-limits';
import { ConfigError, loadConfig } from './config';
import { DataFolderInUse } from './db/data-lock';
import { openDatabase } from './db/client';
import { securePrivateFolder } from './db/file-modes';
import { createLogger } from './logger';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer';
import { createMovableClock, systemClock } from './clock';
import { createPubSubFromConfig } from './pubsub/index';
import { createFeed, feedPubSubOptions } from './feed/index';

/** server/drizzle, from src/main.ts and from the built dist/main.js alike. */
const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
/** The built web app: example-app/dist/web. */
const WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

async function main(): Promise<void> {
  // Everything the server writes is private to its user: files 0600, folders 0700 (db/file-modes.ts).
  process.umask(0o077);
  const config = orExit(() => loadConfig(process.env));
  const logger = createLogger(config.logLevel);
  const tightened = securePrivateFolder(config.dataDir);
  if (tightened.files + tightened.folders > 0)
    logger.info(tightened, 'tightened the modes of files and folders in the data folder to 0600 and 0700');
  const database = await openDatabase(
    config.databaseUrl === null ? { kind: 'pglite', dataDir: join(config.dataDir, 'db') } : { kind: 'postgres', url: config.databaseUrl },
  ).catch((error: unknown) => {
    // Another process has the embedded database open (a server already running on this DATA_DIR).
    if (!(error instanceof DataFolderInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  await database.migrate(MIGRATIONS);
  const pubSub = await createPubSubFromConfig({
    mode: config.pubsub,
    redisUrl: config.redisUrl ?? undefined,
    databaseUrl: config.databaseUrl ?? undefined,
    log: ({ level, msg }) => logger[level]({ component: 'pubsub' }, msg),
    postgres: { createTable: false },
    // A feed of real prices can publish patches over the PubSub's default 1 MB.
    ...feedPubSubOptions(config),
  });
  // FEED_SOURCE: the simulated feed (the default), or real providers (docs/feed.md).
  // The simulated feed steps on its own thread (sim-worker.js, built beside this file; run from
  // its sources, where there is none, it steps on this one).
  const simulationWorker = new URL('./sim-worker.js', import.meta.url);
  const feed = orExit(() =>
    createFeed(config, {
      clock: systemClock,
      logger,
      pubSub,
      db: database.db,
      ...(existsSync(fileURLToPath(simulationWorker)) ? { simulationWorker } : {}),
    }),
  );
  // MOVABLE_CLOCK (browser tests; production refuses it): the app's clock, which POST /dev/clock moves.
  const movableClock = config.movableClock ? createMovableClock() : undefined;
  const app = buildApp({
    config,
    database,
    pubSub,
    clock: movableClock ?? systemClock,
    ...(movableClock === undefined ? {} : { movableClock }),
    mail: config.smtpUrl === null ? createOutboxMailer() : createSmtpMailer(config.smtpUrl, config.mailFrom),
    logger,
    webRoot: WEB_ROOT,
    feed,
    // Several processes share rate-limit counts through Redis; one process counts in memory.
    ...(config.redisUrl === null ? {} : { rateLimits: createRedisRateLimitStore(config.redisUrl) }),
  });
  const { origin } = await app.start();
  console.log(
    `matchkit (${config.brand} brand) is running at ${config.publicOrigin} (listening on ${origin}); data in ${config.databaseUrl === null ? join(config.dataDir, 'db') : 'PostgreSQL'}`,
  );
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** The step's result; on a ConfigError, its message (one line per bad variable) and exit 1. */
function orExit<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

await main();
