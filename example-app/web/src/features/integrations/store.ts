// The tab's integrations store (the sdk's createIntegrationsStore over the REST check and logout),
// in a chunk of its own: app/instances.ts loads it through createLazyIntegrationsStore on first use.
import { createIntegrationsStore, type IntegrationsStore } from '@matchkit/sdk/integrations';
import { checkIntegrations, logoutIntegration } from '@matchkit/sdk/transport';

/**
 * The logout is a GET that changes state: the server takes it from this page only with the bearer
 * token, `Sec-Fetch-Site: same-origin`, or the app's own `x-matchkit-csrf` header, sent here for
 * browsers that send no Sec-Fetch-Site.
 */
const LOGOUT_HEADERS = { headers: { 'x-matchkit-csrf': '1' } };

export function createAppIntegrationsStore(origin: string): IntegrationsStore {
  const rest = { url: `${origin}/graphql` };
  return createIntegrationsStore({
    check: () => checkIntegrations(rest),
    logout: (name) => logoutIntegration(rest, name, LOGOUT_HEADERS),
  });
}
