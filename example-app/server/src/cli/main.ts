// The server's maintenance commands (run with the server's environment: DATA_DIR or DATABASE_URL):
//   migrate            apply the migrations
//   backup <file>      write a logical backup (newline-delimited JSON) of every table
//   restore <file>     restore a backup into an empty, migrated database (all or nothing)
// With embedded PGlite, stop the server first (one process owns the data folder). With PostgreSQL,
// backup runs against a live server (one consistent snapshot).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { backupDatabase, restoreDatabase } from '../db/backup';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

const USAGE = `usage: matchkit-server <command>
  migrate            apply the database migrations
  backup <file>      write a backup of every table to <file>
  restore <file>     restore <file> into an empty, migrated database`;

async function open(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl === null ? { kind: 'pglite', dataDir: join(config.dataDir, 'db') } : { kind: 'postgres', url: config.databaseUrl, poolSize: 2 },
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
        console.log(`${command === 'backup' ? 'backed up' : 'restored'} ${total} rows (${Object.entries(summary.rows).filter(([, n]) => n > 0).map(([t, n]) => `${t} ${n}`).join(', ')}) ${command === 'backup' ? `from ${where} to ${file}` : `from ${file} into ${where}`}`);
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
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
