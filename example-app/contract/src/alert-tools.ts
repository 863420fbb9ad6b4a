// The tools an odds alert may watch, as the server evaluates them (its tool's sdk engine over the
// feed) and as the web app offers "Tell me when…" on their pages: one list for both sides.

/** The tool keys (the brands' catalogue keys) an odds alert may watch. */
export const alertTools = ['oddsmatcher', 'priceBoostTracker', 'twoUpMatcher'] as const;

/** A tool an odds alert may watch. */
export type AlertTool = (typeof alertTools)[number];

/** Whether `key` is a tool an odds alert may watch. */
export function isAlertTool(key: string): key is AlertTool {
  return (alertTools as readonly string[]).includes(key);
}
