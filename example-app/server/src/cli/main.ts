// The server's maintenance commands (run with the server's environment: DATA_DIR or DATABASE_URL):
//   migrate            apply the migrations
//   backup <file>      write a logical backup (newline-delimited JSON) of every table
//   restore <file>     restore a backup into an empty, migrated database (all or nothing)
//   demo-members       create a demo member of every plan of the brand (and a free one and an
//                      administrator) with fresh passwords, and print their logins
// With embedded PGlite, stop the server first (one process owns the data folder). With PostgreSQL,
// backup runs against a live server (one consistent snapshot).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { backupDatabase, restoreDatabase } from '../db/backup';
import { getBrand } from '@matchkit/sdk/brands';
import { createPasswordHasher, PASSWORD_SCRYPT } from '../auth/passwords';
import { createDemoMembers } from './demo';
import { errorLines } from '../logger';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

const USAGE = `usage: matchkit-server <command>
  migrate            apply the database migrations
  backup <file>      write a backup of every table to <file>
  restore <file>     restore <file> into an empty, migrated database
  demo-members       create a demo member of every plan of BRAND (plus a free member and an
                     administrator) and print their logins`;

async function open(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl === null
      ? { kind: 'pglite', dataDir: join(config.dataDir, 'db') }
      : { kind: 'postgres', url: config.databaseUrl, poolSize: 2 },
  );
  await database.migrate(MIGRATIONS);
  return database;
}

async function run(argv: readonly string[]): Promise<number> {
  const [command, file] = argv;
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  const config = loadConfig(process.env);
  const where = config.databaseUrl === null ? join(config.dataDir, 'db') : 'the PostgreSQL database of DATABASE_URL';
  switch (command) {
    case 'migrate': {
      const db = await open(config);
      await db.close();
      console.log(`migrated ${where}`);
      return 0;
    }
    case 'backup':
    case 'restore': {
      if (file === undefined) {
        console.error(`${command} needs a file name\n${USAGE}`);
        return 2;
      }
      const db = await open(config);
      try {
        const summary = command === 'backup' ? await backupDatabase(db.db, file, Date.now()) : await restoreDatabase(db.db, file);
        const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
        console.log(
          `${command === 'backup' ? 'backed up' : 'restored'} ${total} rows (${Object.entries(summary.rows)
            .filter(([, n]) => n > 0)
            .map(([t, n]) => `${t} ${n}`)
            .join(', ')}) ${command === 'backup' ? `from ${where} to ${file}` : `from ${file} into ${where}`}`,
        );
      } finally {
        await db.close();
      }
      return 0;
    }
    case 'demo-members': {
      const db = await open(config);
      try {
        const brand = getBrand(config.brand);
        const logins = await createDemoMembers(db.db, brand, createPasswordHasher(PASSWORD_SCRYPT), Date.now());
        console.log(`Demo members of the ${brand.displayName} brand (${config.brand}); sign in with the email or the username:\n`);
        for (const l of logins)
          console.log(`  ${l.plan.padEnd(10)} ${l.email.padEnd(32)} ${l.username.padEnd(18)} password: ${l.password}`);
        console.log(
          '\nRun the command again to get new passwords. The plans are real subscriptions of this database (test-mode payments).',
        );
      } finally {
        await db.close();
      }
      return 0;
    }
    default:
      console.error(`unknown command ${JSON.stringify(command)}\n${USAGE}`);
      return 2;
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    // As the server logs it: never a failed query's parameters (a password hash, a token).
    console.error(errorLines(error));
    process.exitCode = 1;
  }
}
