// One process at a time on an embedded (PGlite) data folder. PGlite is PostgreSQL in the process,
// without the postmaster's own lock: a second process opening the same folder (the maintenance
// commands run beside `npm start`, a second server, a new container on the same volume) would run
// a second PostgreSQL on the same files, whose writes the first never sees and may overwrite.
//
// Opening takes `<folder>.lock`: one line of JSON naming the host, the process id and a token of
// this opening, made atomically (written under a name of its own, then hard-linked to the lock's
// name, which fails when the name exists), 0600. While the folder is open the holder refreshes the
// file's modification time every BEAT_MS; closing removes it. Another opener reads it:
// - refreshed within STALE_MS, on another host (another container: its process ids mean nothing
//   here), it is live;
// - on this host, it is live while its process runs and is not this process's own id unheld (a
//   previous run under the same id: a container restarted as pid 1);
// - not refreshed for STALE_MS, it is stale whatever it names (a crash, a process id since reused
//   by another program, a host that went away), and so is one that names nothing readable.
// A stale lock is renamed away before it is removed, and only removed if it is still the one read
// (its token); a live one renamed by mistake is put back and the opener refused. Where the file
// system has no hard links, the lock is created with an exclusive open instead.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

/** How often the holder refreshes its lock. */
export const BEAT_MS = 15_000;
/** A lock not refreshed for this long is stale, whatever it names. */
export const STALE_MS = 60_000;

/** The data folder is open in another process (named by its id and host). */
export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    super(
      `the database folder ${dataDir} is in use by process ${holder.pid} on ${holder.host === hostname() ? 'this host' : `host ${holder.host}`} ` +
        `(a running server?): stop it first, then run this again. (With PostgreSQL, DATABASE_URL, the commands run beside a live server.) ` +
        `A lock its process stops refreshing is taken over after ${STALE_MS / 1000} s; ${lockFile} is that lock.`,
    );
    this.name = 'DataFolderInUse';
  }
}

/** What a lock file names. */
export interface LockHolder {
  readonly host: string;
  readonly pid: number;
  /** This opening's own token (two openings never share one). */
  readonly token: string;
}

/** The tokens of the locks this process holds, by lock file. */
const held = new Map<string, string>();

/** Whether process `pid` of this host exists (one of another user counts: it is running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Timings (tests shorten the beat). */
export interface LockTimings {
  readonly beatMs?: number;
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataFolderInUse naming what holds it.
 * Returns the release (idempotent; it removes the file only while it is still this opening's).
 */
export function lockDataFolder(dataDir: string, { beatMs = BEAT_MS }: LockTimings = {}): () => void {
  const lockFile = `${resolve(dataDir)}.lock`;
  const me: LockHolder = { host: hostname(), pid: process.pid, token: randomBytes(12).toString('hex') };
  const mine = `${lockFile}.${me.token}`;
  writeFileSync(mine, `${JSON.stringify(me)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (create(mine, lockFile)) {
        held.set(lockFile, me.token);
        return holding(lockFile, me.token, beatMs);
      }
      const found = read(lockFile);
      if (found === 'gone') continue;
      if (found.holder !== null && live(lockFile, found.holder, found.ageMs)) throw new DataFolderInUse(dataDir, found.holder, lockFile);
      // Stale: taken over, if it is still that lock.
      const moved = `${mine}.stale`;
      try {
        renameSync(lockFile, moved);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another opener moved it first
        throw error;
      }
      const was = read(moved);
      const same = was !== 'gone' && (was.holder?.token ?? null) === (found.holder?.token ?? null);
      if (!same && was !== 'gone' && was.holder !== null) {
        // A live lock, made between the reading and the renaming: back under its name.
        create(moved, lockFile);
        rmSync(moved, { force: true });
        throw new DataFolderInUse(dataDir, was.holder, lockFile);
      }
      rmSync(moved, { force: true });
    }
    throw new Error(`could not take ${lockFile}: other processes kept taking it`);
  } finally {
    rmSync(mine, { force: true });
  }
}

/** Whether the lock `holder` names, last refreshed `ageMs` ago, is live (see the top of this file). */
function live(lockFile: string, holder: LockHolder, ageMs: number): boolean {
  if (ageMs > STALE_MS) return false;
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return held.get(lockFile) === holder.token;
  return running(holder.pid);
}

/** Gives `from`'s content the name `to`, unless `to` exists (false then). */
function create(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
  }
  // No hard links here: an exclusive open, then the content.
  let fd: number;
  try {
    fd = openSync(to, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, readFileSync(from));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** A lock file's holder (null: it names none readable) and how long ago it was refreshed; 'gone' when there is none. */
function read(lockFile: string): { readonly holder: LockHolder | null; readonly ageMs: number } | 'gone' {
  let text: string;
  let ageMs: number;
  try {
    ageMs = Date.now() - statSync(lockFile).mtimeMs;
    text = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    const ok = typeof h.host === 'string' && typeof h.token === 'string' && Number.isInteger(h.pid) && (h.pid as number) > 0;
    return { holder: ok ? { host: h.host as string, pid: h.pid as number, token: h.token as string } : null, ageMs };
  } catch {
    return { holder: null, ageMs };
  }
}

/** The lock while it is held: refreshed every `beatMs`; the release removes it while it is still this opening's. */
function holding(lockFile: string, token: string, beatMs: number): () => void {
  const ours = () => {
    const found = read(lockFile);
    return found !== 'gone' && found.holder?.token === token;
  };
  const beat = setInterval(() => {
    try {
      if (ours()) utimesSync(lockFile, new Date(), new Date());
    } catch {
      // Refreshed at the next beat.
    }
  }, beatMs);
  beat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(beat);
    if (held.get(lockFile) === token) held.delete(lockFile);
    if (ours()) rmSync(lockFile, { force: true });
  };
}
