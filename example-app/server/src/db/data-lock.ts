// One process at a time on an embedded (PGlite) data folder. PGlite is PostgreSQL in the process,
// without the postmaster's own lock: a second process opening the same folder (the maintenance
// commands run beside `npm start`) would run a second PostgreSQL on the same files, whose writes the
// first never sees and may overwrite. Opening takes `<folder>.lock` (created exclusively, holding
// the process id, 0600) and closing gives it back; a lock whose process is gone (a crash, kill -9)
// is taken over. A lock naming this process's own id that this process does not hold is a previous
// run's (a container restarted as pid 1): taken over too.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** The data folder is open in another process (named by its id). */
export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `the database folder ${dataDir} is in use by process ${pid} (a running server?): stop it first, then run this again. ` +
        `(With PostgreSQL, DATABASE_URL, the commands run beside a live server.) If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataFolderInUse';
  }
}

/** The lock files this process holds. */
const held = new Set<string>();

/** Whether process `pid` exists (one of another user counts: it is running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataFolderInUse naming the process that
 * holds it. Returns the release (idempotent; it removes the file only while it is still this
 * process's).
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(lockFile);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(lockFile);
        if (holder(lockFile) === process.pid) rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = holder(lockFile);
    const ours = pid === process.pid;
    if (pid !== null && ((ours && held.has(lockFile)) || (!ours && running(pid)))) throw new DataFolderInUse(dataDir, pid, lockFile);
    // Its process is gone (or unreadable: a write cut short): taken over.
    rmSync(lockFile, { force: true });
  }
  throw new Error(`could not take ${lockFile}: another process took it at the same moment`);
}

/** The process id a lock file names, or null when it names none. */
function holder(lockFile: string): number | null {
  let text: string;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}
