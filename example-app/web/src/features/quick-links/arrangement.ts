// The member's arrangement of the bar: pure steps on the list the server gave (its order), each
// returning a new list numbered 0, 1, 2, ... as `setQuickLinks` stores it.
import type { QuickLink, QuickLinkInput } from './api/quickLinks';

/** The links in the bar's order (the server sends them ordered; this does not trust it). */
export function inOrder(links: readonly QuickLink[]): QuickLink[] {
  return [...links].sort((a, b) => a.order - b.order);
}

function renumber(links: readonly QuickLink[]): QuickLink[] {
  return links.map((link, order) => (link.order === order ? link : { ...link, order }));
}

/** Moves the link `id` one place up (-1) or down (+1); at either end, the list is unchanged. */
export function moveLink(links: readonly QuickLink[], id: string, step: -1 | 1): QuickLink[] {
  const list = inOrder(links);
  const from = list.findIndex((l) => l.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= list.length) return renumber(list);
  const moved = list[from];
  const other = list[to];
  if (moved === undefined || other === undefined) return renumber(list);
  list[to] = moved;
  list[from] = other;
  return renumber(list);
}

/** Shows (true) or hides (false) the link `id` in the bar. */
export function switchLink(links: readonly QuickLink[], id: string, active: boolean): QuickLink[] {
  return renumber(inOrder(links).map((l) => (l.id === id ? { ...l, active } : l)));
}

/** What `setQuickLinks` takes: every link, in order. */
export function toInput(links: readonly QuickLink[]): QuickLinkInput[] {
  return inOrder(links).map(({ id, order, active }) => ({ id, order, active }));
}

/** `links` with the places and switches of `input` (links it does not name keep theirs). */
export function applyInput(links: readonly QuickLink[], input: readonly QuickLinkInput[]): QuickLink[] {
  const byId = new Map(input.map((i) => [i.id, i]));
  return inOrder(
    links.map((link) => {
      const set = byId.get(link.id);
      return set === undefined ? link : { ...link, order: set.order, active: set.active };
    }),
  );
}
