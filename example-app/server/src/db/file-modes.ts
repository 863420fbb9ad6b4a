// The data folder is private to the server's user: folders 0700, files 0600. PGlite's files (the
// embedded database, its WAL with password hashes) and the development secrets live there. PGlite
// writes the files it unpacks at creation as 0666 whatever the umask, so the folder is tightened
// after the database opens and after it closes; the server sets its umask to 077 at start, so the
// files PostgreSQL makes while running (new WAL segments, relations) are 0600 from the start, and
// inside folders no one else may enter in any case.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A private folder's mode. */
export const FOLDER_MODE = 0o700;
/** A private file's mode. */
export const FILE_MODE = 0o600;

/** How many folders and files had their mode tightened. */
export interface Tightened {
  readonly folders: number;
  readonly files: number;
}

/**
 * Creates `dir` (0700) if needed and tightens it and everything under it: folders to 0700, files
 * to 0600 (symbolic links are left alone, and not followed). Returns how many modes it changed.
 */
export function securePrivateFolder(dir: string): Tightened {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  let folders = 0;
  let files = 0;
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const want = stat.isDirectory() ? FOLDER_MODE : FILE_MODE;
    if ((stat.mode & 0o777) !== want) {
      chmodSync(path, want);
      if (stat.isDirectory()) folders += 1;
      else files += 1;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return { folders, files };
}
