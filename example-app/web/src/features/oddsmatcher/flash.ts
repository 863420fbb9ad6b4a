// A price that just changed is marked for 1.2 s (each version of a row's prices is a new element,
// so the mark starts when the element is added). The mark is a class (`price-flash`, styles.css)
// that one shared timer takes off again, straight in the DOM: two style changes per mark.
//
// It was a one-step CSS animation before. Chromium samples a running animation that is not on the
// compositor (a background) on the main thread every frame, so each marked element's style was
// computed again on every frame for 1.2 s: with the table scrolling (every row that comes into view
// is new) that was 1.3 s of style recalculation in 8 s, nine tenths of the page's style work.

/** How long a changed price stays marked, ms. */
export const FLASH_MS = 1200;
/**
 * The class that marks it (styles.css; not shown to members who ask for reduced motion). A plain
 * literal: Tailwind finds the class to generate by reading this file.
 */
export const FLASH_CLASS = 'price-flash';

// The marked elements, oldest first (each mark lasts as long, so they end in this order).
const marks: { readonly el: Element; readonly until: number }[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function unmark(): void {
  timer = undefined;
  // Every mark due within this frame goes at once: one style change for them all.
  const now = performance.now() + 16;
  let done = 0;
  while (done < marks.length && (marks[done]?.until ?? Infinity) <= now) done++;
  for (const { el } of marks.splice(0, done)) el.classList.remove(FLASH_CLASS);
  schedule();
}

function schedule(): void {
  const next = marks[0];
  if (timer !== undefined || next === undefined) return;
  timer = setTimeout(unmark, Math.max(0, next.until - performance.now()));
}

/**
 * The ref of a marked element (give it {@link FLASH_CLASS} too): takes the class off
 * {@link FLASH_MS} after the element was added. A module function, so React calls it once per
 * element, when it is added.
 */
export function flashRef(el: Element | null): void {
  if (el === null) return;
  // Nobody sees a hidden tab, whose timers the browser slows to one a minute while the feed
  // goes on adding rows: no mark there, and none kept.
  if (document.visibilityState === 'hidden') {
    el.classList.remove(FLASH_CLASS);
    return;
  }
  listenForHiding();
  marks.push({ el, until: performance.now() + FLASH_MS });
  schedule();
}

let listening = false;
/** Once: every mark goes as the tab is hidden. */
function listenForHiding(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    clearTimeout(timer);
    timer = undefined;
    for (const { el } of marks.splice(0)) el.classList.remove(FLASH_CLASS);
  });
}
