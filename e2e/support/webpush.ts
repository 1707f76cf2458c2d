import { createECDH, randomBytes } from 'node:crypto';
import type { CDPSession, Page } from '@playwright/test';

/**
 * Web push in e2e. Chromium here has no network, so pushManager.subscribe() cannot reach the browser's
 * push service (FCM). Two seams stand in for that service, and only for it:
 * - stubPushSubscribe(): the page's PushManager.prototype.subscribe returns a subscription whose endpoint and
 *   keys the test chose (e.g. a local push endpoint on 127.0.0.1, with keys the test can decrypt with);
 * - deliverPush(): hands a payload to the registered service worker over CDP (ServiceWorker.deliverPushMessage),
 *   the way the browser does when its push service delivers one. The service worker itself is the real one.
 */

const b64url = (buf: Buffer) => buf.toString('base64url');
/** getPrivateKey() drops leading zero bytes (about one key in 256); a P-256 private key is 32 bytes. */
const privateKeyOf = (ecdh: ReturnType<typeof createECDH>) => {
  const key = ecdh.getPrivateKey();
  return Buffer.concat([Buffer.alloc(32 - key.length), key]);
};

/** A VAPID key pair for a server under test (P-256, base64url as web-push expects). */
export function vapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64url(ecdh.getPublicKey()), privateKey: b64url(privateKeyOf(ecdh)) };
}

export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser side's private key (base64url), so a local push endpoint can decrypt aes128gcm payloads. */
  privateKey: string;
}

/** A subscription as a browser would make it: a real P-256 key pair and a 16-byte auth secret. */
export function pushSubscription(endpoint: string): TestPushSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) },
    privateKey: b64url(privateKeyOf(ecdh)),
  };
}

/**
 * Replaces PushManager.prototype.subscribe/getSubscription in every page of the context: subscribe returns
 * `subscription` (remembered in sessionStorage with its key, so a reload still sees it), unsubscribe forgets it. Records
 * the options subscribe was called with in window.__pushSubscribeOptions.
 */
export async function stubPushSubscribe(page: Page, subscription: TestPushSubscription): Promise<void> {
  const { endpoint, keys } = subscription;
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const KEY = 'e2e.pushSubscription';
      // The subscription keeps the key it was made with, as a browser's does (options.applicationServerKey).
      const make = (key: number[]) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          sessionStorage.removeItem(KEY);
          return true;
        },
      });
      const proto = (globalThis as unknown as { PushManager?: { prototype: Record<string, unknown> } }).PushManager
        ?.prototype;
      if (!proto) return;
      proto.subscribe = async (options: { applicationServerKey?: ArrayBuffer | Uint8Array }) => {
        const key = options?.applicationServerKey;
        const bytes = key ? Array.from(key instanceof Uint8Array ? key : new Uint8Array(key)) : [];
        (globalThis as unknown as Record<string, unknown>).__pushSubscribeOptions = {
          ...options,
          applicationServerKey: bytes,
        };
        sessionStorage.setItem(KEY, JSON.stringify(bytes));
        return make(bytes);
      };
      proto.getSubscription = async () => {
        const stored = sessionStorage.getItem(KEY);
        return stored ? make(JSON.parse(stored) as number[]) : null;
      };
    },
    { endpoint, keys },
  );
}

/** Collects what the service worker posts to the page (window.__swMessages). */
export async function collectServiceWorkerMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const messages: unknown[] = [];
    (globalThis as unknown as Record<string, unknown>).__swMessages = messages;
    navigator.serviceWorker?.addEventListener('message', (event) => messages.push(event.data));
  });
}

export async function serviceWorkerMessages(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (globalThis as unknown as { __swMessages?: unknown[] }).__swMessages ?? []);
}

/** The id CDP knows the registration of scope `<origin>/` by (the page must have registered it). */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const scope = `${origin}/`;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no service worker registration for ${scope}`)), 10_000);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (found) {
        clearTimeout(timer);
        resolve(found.registrationId);
      }
    });
    cdp.send('ServiceWorker.enable').catch(reject);
  });
}

/** Delivers `payload` (JSON) to the page origin's service worker as a push message. */
export async function deliverPush(page: Page, payload: unknown): Promise<void> {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  try {
    const id = await registrationId(cdp, origin);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });
  } finally {
    await cdp.detach();
  }
}

/** The notifications the service worker is showing (registration.getNotifications()). */
export async function shownNotifications(
  page: Page,
): Promise<{ title: string; body: string; data: unknown; tag: string }[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const list = (await registration?.getNotifications()) ?? [];
    return list.map((n) => ({ title: n.title, body: n.body, data: n.data, tag: n.tag }));
  });
}
