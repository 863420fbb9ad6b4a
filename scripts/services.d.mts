// Types for scripts/services.mjs, so TypeScript tests can import it.

/** The one command a person runs when the services are missing and the process is not root. */
export declare const INSTALL_COMMAND: string;

/** The PostgreSQL server binaries folder (15 when installed, else the newest), or undefined. */
export declare function findPostgresBin(): string | undefined;

/** The packages of `packages` that are not installed. */
export declare function missingDebianPackages(packages: readonly string[]): string[];

/**
 * Installs the missing packages with apt-get when root; otherwise prints one line naming the command
 * and exits the process with status 1. Returns the packages it installed.
 */
export declare function ensureDebianPackages(packages: readonly string[]): string[];

/** Where Debian's chromium package puts the browser the end-to-end tests launch: /usr/bin/chromium. */
export declare const CHROMIUM_PATH: string;

/**
 * Guards a child process the caller started and its temp folder: if this process exits, or dies
 * without running its exit hooks, the child is killed (SIGKILL) and the folder deleted. Call
 * release() once the caller has stopped the child and removed the folder itself.
 */
export declare function guardProcess(pid: number, dir: string): { release(): void };

/** A free TCP port on 127.0.0.1. */
export declare function freePort(): Promise<number>;

export interface RunningPostgres {
  /** `postgres://<user>:<password>@127.0.0.1:<port>/<database>` */
  readonly url: string;
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly database: string;
  readonly user: string;
  readonly password: string;
  readonly dataDir: string;
  /** Stops the server (fast shutdown) and deletes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** How startPostgres makes its cluster; each left out keeps the default. */
export interface StartPostgresOptions {
  /** The database the user owns: `matchkit`. */
  database?: string;
  /** The password user: `matchkit`. */
  user?: string;
  /** The user may create databases (and so drop its own): false. */
  createdb?: boolean;
  /** max_connections, an integer from 10 to 1000: 40. */
  maxConnections?: number;
  /** fsync, synchronous_commit and full_page_writes on: true. */
  durable?: boolean;
}

/** A throwaway PostgreSQL cluster on a free loopback port with a database and a password user. */
export declare function startPostgres(options?: StartPostgresOptions): Promise<RunningPostgres>;

export interface RunningRedis {
  /** `redis://:<password>@127.0.0.1:<port>` */
  readonly url: string;
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly password: string;
  /** Stops the server and deletes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** A redis-server child process on a free loopback port, no persistence, a random password. */
export declare function startRedis(): Promise<RunningRedis>;
