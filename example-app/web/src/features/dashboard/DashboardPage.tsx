// The home page: the brand's dashboard (spec section 2: Sports and Casino Offers, Guides and Training).
import { useBrand } from '@matchkit/react';
import { Page } from '../../components/Page';

export function DashboardPage() {
  const brand = useBrand();
  return <Page title={brand.displayName} lead="Bookmaker offers, step-by-step guides and the tools to track every bet." />;
}
