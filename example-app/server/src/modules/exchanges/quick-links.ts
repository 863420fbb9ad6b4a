// The quick-links bar: the brand's quick links (the sdk's catalogue), in the order and with the
// on/off state the member chose (users.quick_links), each with the capability it needs and whether
// the member holds it (the sdk's entitlements). A link the catalogue gained after the member
// arranged their bar follows the member's links, as the catalogue sets it.
import type { Brand } from '@matchkit/sdk/brands';
import { canUseTool, hasCapability } from '@matchkit/sdk/entitlements';
import type { EntitledUser, QuickLink } from '@matchkit/sdk/model';

/** A member's arrangement: [{ id, order, active }] (users.quick_links), or null for the brand's defaults. */
export type StoredQuickLinks = readonly { readonly id: string; readonly order: number; readonly active: boolean }[] | null;

/** The quick links that lead to a feature of the plans rather than to one tool: link id to the feature key of the brand's feature matrix. */
const FEATURE_LINKS: Readonly<Record<string, string>> = { 'advanced-calculators': 'calculators', 'profit-tracker': 'profitTracker' };

/** The capability a link needs and whether the member holds it. Links to neither a tool nor a paid feature (the calculator, the forum) need none. */
function entitlement(brand: Brand, link: QuickLink, user: EntitledUser): { capability: string | null; unlocked: boolean } {
  const tool = brand.tools.find((t) => t.key === link.id && t.slug !== '');
  if (tool !== undefined) return { capability: tool.capability, unlocked: canUseTool(brand, user, tool.slug) };
  const featureKey = FEATURE_LINKS[link.id];
  const code = featureKey === undefined ? undefined : brand.features.find((f) => f.key === featureKey)?.capabilities[0];
  if (code === undefined) return { capability: null, unlocked: true };
  return { capability: code, unlocked: hasCapability(user, code) };
}

/**
 * The member's bar, in order, with orders 0, 1, 2, ... The Forum link goes to `forumHref` (the
 * forum at FORUM_URL when set, else the app's page saying it is not set up: forum/sso.ts's forumLinkOf).
 */
export function quickLinkBar(brand: Brand, stored: StoredQuickLinks, user: EntitledUser, forumHref: string) {
  const mine = new Map((stored ?? []).map((s) => [s.id, s]));
  const known = brand.quickLinks.filter((q) => mine.has(q.id)).sort((a, b) => (mine.get(a.id)?.order ?? 0) - (mine.get(b.id)?.order ?? 0));
  const added = brand.quickLinks.filter((q) => !mine.has(q.id)).sort((a, b) => a.order - b.order);
  return [...known, ...added].map((q, order) => ({
    id: q.id,
    name: q.name,
    label: q.label,
    href: q.id === 'forum' ? forumHref : q.href,
    icon: q.icon,
    order,
    active: mine.get(q.id)?.active ?? q.active,
    ...entitlement(brand, q, user),
  }));
}

type Issue = { path: string; message: string };

/** The links a member sent: ids of the brand's quick links, each once, whole orders from 0, each order once. */
export function checkQuickLinks(brand: Brand, links: readonly { id: string; order: number; active: boolean }[]): Issue[] {
  const issues: Issue[] = [];
  const ids = new Set(brand.quickLinks.map((q) => q.id));
  const seenIds = new Map<string, number>();
  const seenOrders = new Map<number, number>();
  links.forEach((link, i) => {
    if (!ids.has(link.id))
      issues.push({ path: `links.${i}.id`, message: `"${link.id}" is not a quick link of this brand (${[...ids].join(', ')})` });
    else if (seenIds.has(link.id))
      issues.push({ path: `links.${i}.id`, message: `"${link.id}" is listed twice (also links.${seenIds.get(link.id)})` });
    else seenIds.set(link.id, i);
    if (!Number.isSafeInteger(link.order) || link.order < 0 || link.order > 1000)
      issues.push({ path: `links.${i}.order`, message: `must be a whole number from 0 to 1000 (got ${link.order})` });
    else if (seenOrders.has(link.order))
      issues.push({ path: `links.${i}.order`, message: `${link.order} is used twice (also links.${seenOrders.get(link.order)})` });
    else seenOrders.set(link.order, i);
  });
  return issues;
}

/** What to store for valid links: the listed links in their order, then the brand's other links, off. */
export function arrangement(brand: Brand, links: readonly { id: string; order: number; active: boolean }[]) {
  const listed = [...links].sort((a, b) => a.order - b.order);
  const listedIds = new Set(listed.map((l) => l.id));
  const rest = brand.quickLinks.filter((q) => !listedIds.has(q.id)).sort((a, b) => a.order - b.order);
  return [...listed.map((l) => ({ id: l.id, active: l.active })), ...rest.map((q) => ({ id: q.id, active: false }))].map((l, order) => ({
    ...l,
    order,
  }));
}
