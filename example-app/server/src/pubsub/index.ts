export { createPubSubFromConfig, choosePubSubKind, type PubSubConfig, type PubSubMode } from './config';
export { createMemoryPubSub } from './memory';
export { createPostgresPubSub, PUBSUB_MESSAGES_DDL, type PostgresPubSubOptions } from './postgres';
export { createRedisPubSub, type RedisPubSubOptions } from './redis';
export {
  PubSubClosedError,
  PubSubInputError,
  PubSubOverflowError,
  type JsonValue,
  type PubSub,
  type PubSubCommonOptions,
  type PubSubLog,
  type PubSubLogEntry,
  type PubSubPayload,
  type PubSubStats,
  type PubSubSubscription,
} from './types';
