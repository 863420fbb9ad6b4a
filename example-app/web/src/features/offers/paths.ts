// Where an offer is read: /offers/{category}/{slug} (spec section 2).
export function offerPath(offer: { readonly category: string; readonly slug: string }): string {
  return `/offers/${encodeURIComponent(offer.category)}/${encodeURIComponent(offer.slug)}`;
}
