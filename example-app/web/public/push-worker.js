// Web push in the service worker: imported by the offline worker (offline-worker.js, Workbox's
// importScripts in vite.config.ts). `push` shows the server's notification (title, body, tag and
// the path to open); `notificationclick` focuses an open tab of the app and takes it to that path,
// or opens a new window. Only paths of this origin are ever opened: any other url is ignored.
/* global self, URL */

/** The url as an absolute URL of this origin, or null for anything else (another origin, not a URL). */
function ownUrl(url) {
  if (typeof url !== 'string' || url === '') return null;
  try {
    const u = new URL(url, self.location.origin);
    return u.origin === self.location.origin ? u.href : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const text = (v) => (typeof v === 'string' ? v : '');
  const title = text(data.title) || 'New notification';
  const options = { body: text(data.body), icon: '/icons/icon-192.png', data: { url: ownUrl(data.url) } };
  if (text(data.tag) !== '') options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = ownUrl(event.notification.data && event.notification.data.url);
  if (target === null) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = windows.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab === undefined) {
        await self.clients.openWindow(target);
        return;
      }
      // focus() is refused once the click's moment to show a window has passed (the browser's
      // rule): the tab is still taken to the page.
      const focused = (await tab.focus().catch(() => null)) || tab;
      try {
        // navigate() works for a tab this worker controls; a tab it does not gets a new window.
        await focused.navigate(target);
      } catch {
        await self.clients.openWindow(target);
      }
    })(),
  );
});
