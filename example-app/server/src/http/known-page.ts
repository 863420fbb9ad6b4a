// Whether an address of the web app names something that exists: the route table's paths
// (`isAppPath`) with their slugs checked against the same data the pages read, so that an unknown
// guide, offer, advanced calculator or subscribe link answers 404 (the page still shows its own
// not-found view). Guides and offers come from the content tables, calculators from the sdk's
// registry and the brand's list, subscribe links from the brand's plans, upgrades and sales.
import { isAppPath, withoutTrailingSlash } from '@matchkit/app-contract/routes';
import type { Brand } from '@matchkit/sdk/brands';
import { findCalculator } from '@matchkit/sdk/calculators/registry';
import { salePaymentLink } from '@matchkit/sdk/sales';
import type { Db } from '../db/client';
import { findGuide, findOffer } from '../modules/content/queries';

/** `/subscribe/<slug>` names a plan, an upgrade or a sale's payment link of the brand. */
function isSubscribeSlug(brand: Brand, slug: string): boolean {
  return (
    brand.plans.some((p) => p.name === slug) ||
    brand.upgrades.some((u) => u.slug === slug) ||
    brand.sales.some((sale) => sale.plans.some((sp) => salePaymentLink(sale, sp.plan) === `/subscribe/${slug}`))
  );
}

/** The page check the static handler uses: true for an address of the app whose slugs all exist. */
export function knownPage(brand: Brand, db: Db): (pathname: string) => Promise<boolean> {
  return async (pathname) => {
    if (!isAppPath(pathname)) return false;
    const [first, second = '', third] = withoutTrailingSlash(pathname).slice(1).split('/');
    if (first === 'guides' && third === undefined) return (await findGuide(db, second)) !== null;
    if (first === 'offers' && third !== undefined) return (await findOffer(db, third)) !== null || (await findGuide(db, third)) !== null;
    if (first === 'advanced-calculators' && second !== '')
      return brand.calculators.some((c) => c.slug === second) && findCalculator(second) !== undefined;
    if (first === 'subscribe') return isSubscribeSlug(brand, second);
    return true;
  };
}
