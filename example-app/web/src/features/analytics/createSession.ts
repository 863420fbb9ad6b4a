// The sdk's analytics session (createAnalytics with its queue, session and upload), in a chunk of
// its own: app/instances.ts loads it through createLazyAnalytics once the visitor accepts analytics.
import { createAnalytics, type Analytics } from '@matchkit/sdk/analytics';

export function createAnalyticsSession(): Analytics {
  return createAnalytics();
}
