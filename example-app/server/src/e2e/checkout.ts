// Buying a plan as a member does in a browser: startCheckout, open the payment provider's page
// (the local TEST MODE page), press its Pay button (a form POST), follow nothing further: the
// provider has by then sent the server its signed webhook. The checkout then reads `paid`.
import { CheckoutQuery, StartCheckoutMutation, type CheckoutView } from './documents';
import type { Member } from './clients';

/** What the payment page showed and what the checkout became. */
export interface Bought {
  readonly checkout: CheckoutView;
  /** The page's HTML as the member saw it. */
  readonly page: string;
}

const decodeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

/** Buys `slug` (a plan, an upgrade or a sale link) for `member`; throws with the reason when any step fails. */
export async function buyPlan(member: Member, slug: string, billingTerm: 'month' | 'year'): Promise<Bought> {
  const { data } = await member.gql.request({ query: StartCheckoutMutation, variables: { input: { slug, billingTerm } } });
  const started = data.startCheckout;
  if (!started.ok || started.checkout === null) throw new Error(`startCheckout ${slug} failed: ${JSON.stringify(started.error)}`);
  const checkout = started.checkout;

  // The provider's page: a plain GET, no credentials (a real provider's page is on its own site).
  const pageResponse = await fetch(checkout.paymentUrl, { redirect: 'manual' });
  const page = await pageResponse.text();
  if (pageResponse.status !== 200) throw new Error(`the payment page answered ${pageResponse.status}: ${page.slice(0, 300)}`);
  const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page);
  if (form === null) throw new Error(`the payment page has no form:\n${page}`);
  const action = new URL(decodeHtml(form[1] ?? ''), checkout.paymentUrl);
  const card = /<input type="radio" name="card" value="([^"]+)" checked>/.exec(form[2] ?? '')?.[1];
  const pay = /<button type="submit" name="action" value="(pay)">/.exec(form[2] ?? '')?.[1];
  if (card === undefined || pay === undefined) throw new Error(`the payment form has no default card or Pay button:\n${form[0]}`);

  // Press Pay: the provider charges the test card, sends the signed webhook and redirects back.
  const paid = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, action: pay }).toString(),
    redirect: 'manual',
  });
  await paid.arrayBuffer();
  if (paid.status !== 303) throw new Error(`pressing Pay answered ${paid.status}, not a redirect back to the site`);
  const back = new URL(paid.headers.get('location') ?? '');
  if (back.searchParams.get('checkout') !== checkout.id) throw new Error(`Pay redirected to ${back.href}, not back to the checkout`);

  const after = await member.gql.request({ query: CheckoutQuery, variables: { id: checkout.id } });
  if (after.data.checkout?.status !== 'paid') throw new Error(`the checkout is ${after.data.checkout?.status ?? 'missing'} after paying`);
  return { checkout: after.data.checkout, page };
}
