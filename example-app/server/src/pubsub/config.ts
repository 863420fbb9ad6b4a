import { createMemoryPubSub } from './memory';
import { createPostgresPubSub, type PostgresPubSubOptions } from './postgres';
import { createRedisPubSub, type RedisPubSubOptions } from './redis';
import { PubSubInputError, type PubSub, type PubSubCommonOptions } from './types';

/** Which transport: one named, or `auto` (Redis when `redisUrl` is set, else PostgreSQL when `databaseUrl` is a postgres:// URL, else in-process). */
export type PubSubMode = 'memory' | 'redis' | 'postgres' | 'auto';

export interface PubSubConfig extends PubSubCommonOptions {
  readonly mode: PubSubMode;
  /** REDIS_URL */
  readonly redisUrl?: string | undefined;
  /** DATABASE_URL (a PGlite folder or an empty value means no PostgreSQL server) */
  readonly databaseUrl?: string | undefined;
  /** Options passed on to the Redis implementation. */
  readonly redis?: Omit<RedisPubSubOptions, 'url' | keyof PubSubCommonOptions>;
  /** Options passed on to the PostgreSQL implementation. */
  readonly postgres?: Omit<PostgresPubSubOptions, 'connectionString' | keyof PubSubCommonOptions>;
}

const isPostgresUrl = (url: string | undefined): url is string => url !== undefined && /^postgres(ql)?:\/\//.test(url);
const isRedisUrl = (url: string | undefined): url is string => url !== undefined && /^rediss?:\/\//.test(url);

/** The transport `config` chooses, or a PubSubInputError naming the missing or bad field. */
export function choosePubSubKind(config: Pick<PubSubConfig, 'mode' | 'redisUrl' | 'databaseUrl'>): PubSub['kind'] {
  switch (config.mode) {
    case 'memory':
      return 'memory';
    case 'redis':
      if (!isRedisUrl(config.redisUrl)) throw new PubSubInputError('redisUrl', 'mode "redis" needs a redis:// or rediss:// URL');
      return 'redis';
    case 'postgres':
      if (!isPostgresUrl(config.databaseUrl)) {
        throw new PubSubInputError('databaseUrl', 'mode "postgres" needs a postgres:// or postgresql:// URL');
      }
      return 'postgres';
    case 'auto':
      if (config.redisUrl !== undefined && config.redisUrl !== '') {
        if (!isRedisUrl(config.redisUrl)) throw new PubSubInputError('redisUrl', 'must be a redis:// or rediss:// URL');
        return 'redis';
      }
      return isPostgresUrl(config.databaseUrl) ? 'postgres' : 'memory';
    default:
      throw new PubSubInputError('mode', `must be one of memory, redis, postgres, auto (got ${String(config.mode as unknown)})`);
  }
}

/**
 * Builds the pubsub the configuration asks for.
 *
 * @example
 * ```ts
 * const pubSub = await createPubSubFromConfig({ mode: 'auto', redisUrl: env.REDIS_URL, databaseUrl: env.DATABASE_URL, log });
 * ```
 */
export async function createPubSubFromConfig(config: PubSubConfig): Promise<PubSub> {
  const common: PubSubCommonOptions = {
    ...(config.log !== undefined && { log: config.log }),
    ...(config.maxBuffered !== undefined && { maxBuffered: config.maxBuffered }),
    ...(config.maxPayloadBytes !== undefined && { maxPayloadBytes: config.maxPayloadBytes }),
  };
  const kind = choosePubSubKind(config);
  switch (kind) {
    case 'memory':
      return createMemoryPubSub(common);
    case 'redis':
      return createRedisPubSub({ ...config.redis, ...common, url: config.redisUrl as string });
    case 'postgres':
      return createPostgresPubSub({ ...config.postgres, ...common, connectionString: config.databaseUrl as string });
  }
}
