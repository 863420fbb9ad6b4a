import { useEffect } from 'react';
import type { IntegrationsState, IntegrationStatusMap, IntegrationsStore } from '@matchkit/sdk/integrations';
import { useStore } from './store';

/** A started integrations store and how many mounted components hold it. */
interface Hold {
  count: number;
  readonly stop: () => void;
}

// The store's `start()` returns one shared stop function, so two components that each started
// and stopped it would stop each other's recheck. The holders of a store are counted instead: the
// first one starts it, the last one to unmount stops it. Keyed weakly by the store, so nothing is
// kept for a store the app dropped, and no state is shared between two stores (or two
// server-rendered requests, whose effects never run anyway).
const holds = /* @__PURE__ */ new WeakMap<object, Hold>();

function hold(store: Pick<IntegrationsStore<unknown>, 'start'>): () => void {
  let held = holds.get(store);
  if (held === undefined) {
    held = { count: 0, stop: store.start() };
    holds.set(store, held);
  }
  const mine = held;
  mine.count += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.count -= 1;
    if (mine.count === 0) {
      holds.delete(store);
      mine.stop();
    }
  };
}

/**
 * The member's integration statuses in a component: the integrations store's snapshot
 * (`statuses`, `checking`, `checkedAt`), re-rendering when it changes. While at least one
 * component using this hook is mounted, the store is started (the sdk's `start()`): it checks
 * once and again whenever the window regains focus; when the last such component unmounts, the
 * store is stopped. React's strict-mode double effects cost no second request (the store shares
 * the check in flight). The rules (error flag keeps the statuses, network errors only logged, no
 * overlapping checks) are the store's; call `store.refresh()` and `store.logout(name)` from
 * event handlers.
 *
 * @typeParam TData - the status map's type, as given to `createIntegrationsStore`
 * @param store - the integrations store; pass the same object on every render, and leave its
 * `start()` to this hook (a stop called elsewhere would stop the hook's recheck too)
 * @returns the store's snapshot
 *
 * @example
 * ```tsx
 * import { createIntegrationsStore } from '@matchkit/sdk/integrations';
 * import { checkIntegrations, logoutIntegration } from '@matchkit/sdk/transport';
 * import { useIntegrations } from '@matchkit/react';
 *
 * const transport = { url: 'https://api.example.com/graphql' };
 * const integrations = createIntegrationsStore({
 *   check: () => checkIntegrations(transport),
 *   logout: (name) => logoutIntegration(transport, name),
 * });
 *
 * function Integrations() {
 *   const { statuses, checking } = useIntegrations(integrations);
 *   if (statuses === null) return <p>{checking ? 'Checking…' : 'Not checked yet'}</p>;
 *   return (
 *     <ul>
 *       {Object.entries(statuses).map(([name, status]) => (
 *         <li key={name}>
 *           {name}: {status}
 *           {status === 'connected' ? <button onClick={() => void integrations.logout(name)}>Disconnect</button> : null}
 *         </li>
 *       ))}
 *     </ul>
 *   );
 * }
 * ```
 */
export function useIntegrations<TData = IntegrationStatusMap>(
  store: Pick<IntegrationsStore<TData>, 'subscribe' | 'getSnapshot' | 'start'>,
): IntegrationsState<TData> {
  useEffect(() => hold(store), [store]);
  return useStore(store);
}
