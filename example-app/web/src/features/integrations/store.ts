// The tab's integrations store (the sdk's createIntegrationsStore over the REST check and logout),
// in a chunk of its own: app/instances.ts loads it through createLazyIntegrationsStore on first use.
import { createIntegrationsStore, type IntegrationsStore } from '@matchkit/sdk/integrations';
import { checkIntegrations, logoutIntegration } from '@matchkit/sdk/transport';

export function createAppIntegrationsStore(origin: string): IntegrationsStore {
  const rest = { url: `${origin}/graphql` };
  return createIntegrationsStore({ check: () => checkIntegrations(rest), logout: (name) => logoutIntegration(rest, name) });
}
