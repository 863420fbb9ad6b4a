/** The server's clock: epoch milliseconds. Injected everywhere (tests fix it; nothing calls Date.now() itself). */
export type Clock = () => number;

/** The real clock. */
export const systemClock: Clock = () => Date.now();
