// Kept for the modules written against the first skeleton: the PubSub contract lives in pubsub/.
export type { PubSub, PubSubPayload } from './pubsub/index';
