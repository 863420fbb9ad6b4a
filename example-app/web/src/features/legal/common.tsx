// What the legal pages share: when they were last revised, and the brand facts they quote.
import { useBrand } from '@matchkit/react';
import { supportEmail } from '../contact';

/** The legal pages' class: their numbered sections' headings, spaced from the text above. */
export const LEGAL_PAGE = '[&_h2]:mt-8 [&_h2]:text-xl';

/** A boxed line the page leads with (how to reach us, where to get help now). */
export const CALLOUT = 'rounded-card border border-l-4 border-border border-l-accent bg-surface px-4 py-3 shadow-card';

/** The date the legal texts were last revised (a fixed fact, shown on each page). */
export const LEGAL_REVISED = '24 November 2026';

export function Revised() {
  return <p className="text-sm text-muted">Last revised {LEGAL_REVISED}.</p>;
}

/** The brand facts the legal texts state: name, trial length, when a renewal is charged, where to write. */
export function useLegalFacts() {
  const brand = useBrand();
  return {
    name: brand.displayName,
    trialDays: brand.onboarding.trialDays,
    renewalNoticeDays: brand.billing.daysBeforeSubscriptionEndNotToCharge,
    email: supportEmail(brand),
  };
}

export function Email({ address }: { readonly address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}
