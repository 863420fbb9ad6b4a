// Clicks through the sdk, from one listener on the document: a link or a button records a `click`
// event (its kind, a short label and the page's path); a link that leaves the site goes through the
// sdk's createClickTracking, which holds the navigation until the event is sent (500 ms at most).
// Labels: an element's `data-track` attribute, else its text, cut to 60 characters, and dropped
// when it looks like an e-mail address or holds a long number (never personal data in events).
import { createClickTracking, type Analytics } from '@matchkit/sdk/analytics';
import { isRunning } from './network';

export const CLICK_EVENT = 'click';
export const OUTBOUND_EVENT = 'outbound_link_clicked';

export function clickLabel(element: Element): string | null {
  const text = (element.getAttribute('data-track') ?? element.getAttribute('aria-label') ?? element.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '' || text.includes('@') || /\d{5,}/.test(text)) return null;
  return text.slice(0, 60);
}

/** Starts listening on `doc`; returns the function that stops. `extra` is added to every event (the brand). */
export function trackClicks(analytics: Analytics, doc: Document, extra: Readonly<Record<string, unknown>>): () => void {
  const clicks = createClickTracking(analytics);
  const onClick = (event: MouseEvent) => {
    if (!isRunning(analytics) || !(event.target instanceof Element)) return;
    const element = event.target.closest('a[href], button, [role="button"]');
    if (element === null) return;
    const path = doc.location.pathname;
    if (element instanceof HTMLAnchorElement) {
      const url = new URL(element.href, doc.baseURI);
      const leaves = url.origin !== doc.location.origin;
      const plain =
        event.button === 0 &&
        !event.metaKey &&
        !event.ctrlKey &&
        !event.shiftKey &&
        !event.altKey &&
        element.target === '' &&
        !event.defaultPrevented;
      if (leaves && plain) {
        event.preventDefault();
        void clicks.trackClick(OUTBOUND_EVENT, { ...extra, host: url.host, path }, () => doc.location.assign(url.href));
        return;
      }
      analytics.track(CLICK_EVENT, { ...extra, element: 'link', label: clickLabel(element), to: leaves ? url.host : url.pathname, path });
      return;
    }
    analytics.track(CLICK_EVENT, { ...extra, element: 'button', label: clickLabel(element), path });
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
