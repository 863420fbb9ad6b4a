// One process at a time on an embedded (PGlite) data folder. PGlite is PostgreSQL in the process,
// without the postmaster's own lock: a second process opening the same folder (the maintenance
// commands run beside `npm start`) would run a second PostgreSQL on the same files, whose writes the
// first never sees and may overwrite. Opening takes `<folder>.lock` (made atomically, holding the
// process id, 0600) and closing gives it back; a lock whose process is gone (a crash, kill -9)
// is taken over. A lock naming this process's own id that this process does not hold is a previous
// run's (a container restarted as pid 1): taken over too.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

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
 *
 * The lock file appears whole or not at all: the process id is written to a file of this process's
 * own, which is then hard-linked to the lock's name (a link fails when the name exists), so no
 * other process ever reads an empty lock. A stale lock is first renamed to a name of this
 * process's own (one rename of it succeeds), and only removed once what was renamed is the stale
 * lock that was read; a fresh lock renamed by mistake (another process took the name between the
 * reading and the renaming) is put back and this one refused.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  const mine = `${lockFile}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(mine, lockFile);
        held.add(lockFile);
        return releaseOf(lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = holder(lockFile);
      const ours = pid === process.pid;
      if (pid !== null && ((ours && held.has(lockFile)) || (!ours && running(pid)))) throw new DataFolderInUse(dataDir, pid, lockFile);
      // Its process is gone (or the file names none): taken over, if it is still that lock.
      const moved = `${mine}.stale`;
      try {
        renameSync(lockFile, moved);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another process moved it first
        throw error;
      }
      const was = holder(moved);
      if (was !== pid) {
        // A live lock, taken between the reading and the renaming: back under its name.
        try {
          linkSync(moved, lockFile);
        } catch (error) {
          // A third process has the name by now: it is theirs.
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        } finally {
          rmSync(moved, { force: true });
        }
        throw new DataFolderInUse(dataDir, was ?? 0, lockFile);
      }
      rmSync(moved, { force: true });
    }
    throw new Error(`could not take ${lockFile}: other processes kept taking it`);
  } finally {
    rmSync(mine, { force: true });
  }
}

/** The release of `lockFile`, held by this process. */
function releaseOf(lockFile: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(lockFile);
    if (holder(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
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
