// The tools an odds alert may watch, as the server evaluates them (its tool's sdk engine over the
// feed) and as the web app offers "Tell me when…" on their pages: one list for both sides.

/** The tool keys (the brands' catalogue keys) an odds alert may watch. */
export const alertTools = ['oddsmatcher', 'priceBoostTracker', 'twoUpMatcher', 'eachWayCatcher', 'extraPlaceCatcher'] as const;

/** A tool an odds alert may watch. */
export type AlertTool = (typeof alertTools)[number];

/** Whether `key` is a tool an odds alert may watch. */
export function isAlertTool(key: string): key is AlertTool {
  return (alertTools as readonly string[]).includes(key);
}

/**
 * The tools whose rows are ranked by money, not a rating: their alerts ask for a profit in pence on
 * the member's stake (the sdk's MoneyAlertRule); the others' for a rating (OddsAlertRule).
 */
export const moneyAlertTools = ['eachWayCatcher', 'extraPlaceCatcher'] as const satisfies readonly AlertTool[];

/** A tool whose alerts ask for a profit in pence. */
export type MoneyAlertTool = (typeof moneyAlertTools)[number];

/** Whether `key` is a tool whose alerts ask for a profit in pence. */
export function isMoneyAlertTool(key: string): key is MoneyAlertTool {
  return (moneyAlertTools as readonly string[]).includes(key);
}

/**
 * What each money tool's alert figure is called, in a sentence (the figure its page ranks by): the
 * each-way catcher's worst outcome (its guaranteed profit), the extra place catcher's expected profit.
 */
export const moneyAlertFigure: Readonly<Record<MoneyAlertTool, string>> = {
  eachWayCatcher: 'worst outcome',
  extraPlaceCatcher: 'expected profit',
};
