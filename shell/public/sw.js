/* UmmahNotify service worker (served at /sw.js, scope /): shows each web push and opens its page on click.
   The payload is the server's rendered message: {title, body, url, imageUrl, language, kind, itemId, correction}. */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || 'UmmahNotify';
  const options = {
    body: payload.body || '',
    image: payload.imageUrl || payload.image || undefined,
    icon: payload.icon || '/icons/icon-192.png',
    lang: payload.language || payload.lang || undefined,
    tag: payload.tag || (payload.kind && payload.itemId ? `${payload.kind}-${payload.itemId}` : undefined),
    renotify: Boolean(payload.correction),
    data: { url: payload.url || '/' },
  };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      // Open pages hear of it too (the landing page may refresh its feed; the e2e test sees the push arrive).
      self.clients.matchAll({ includeUncontrolled: true, type: 'window' }).then((windows) => {
        for (const w of windows) w.postMessage({ type: 'push', payload });
      }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ includeUncontrolled: true, type: 'window' }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});
