// The in-process PubSub for tests (the app's default).
import { createMemoryPubSub, type PubSub } from '../pubsub/index';

export function createTestPubSub(): PubSub {
  return createMemoryPubSub();
}
