/**
 * The browser side of web push: the service worker at /sw.js (scope /) and the Push API. Each failure is a
 * PushSetupError whose kind the page turns into a sentence.
 */
export type PushFailure = 'unsupported' | 'denied' | 'failed';

export class PushSetupError extends Error {
  constructor(
    readonly kind: PushFailure,
    cause?: unknown,
  ) {
    super(`web push: ${kind}`, { cause });
  }
}

export const SERVICE_WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe() takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** True when a subscription's applicationServerKey is the server's VAPID public key (base64url). */
export function madeWithKey(key: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!key) return false;
  const expected = applicationServerKey(publicKey);
  const bytes = new Uint8Array(key);
  return bytes.length === expected.length && bytes.every((b, i) => b === expected[i]);
}

/** This browser's current subscription, if our service worker has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the visitor to allow notifications. Call it in the tap's own handler, before anything is awaited: Safari (on
 * iPhone, in the Home Screen app) shows the question only for a request that comes straight from a user gesture, and
 * refuses one made after an await without asking. The older Safari's requestPermission takes a callback and returns
 * nothing: both ways are heard. Without the Notification API the answer is `default` (subscribeToPush then says
 * this browser cannot receive notifications).
 */
export function askPermission(): Promise<NotificationPermission> {
  if (typeof Notification === 'undefined') return Promise.resolve('default');
  return new Promise((resolve) => {
    try {
      Notification.requestPermission(resolve)?.then(resolve, () => resolve('denied'));
    } catch {
      resolve('denied');
    }
  });
}

/**
 * Registers the service worker and subscribes with the server's VAPID key once `permission`, the answer to
 * askPermission() asked in the tap, is `granted`.
 */
export async function subscribeToPush(
  publicKey: string,
  permission: Promise<NotificationPermission>,
): Promise<PushSubscription> {
  if (!pushSupported()) throw new PushSetupError('unsupported');
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    throw new PushSetupError('failed', error);
  }
  if ((await permission) !== 'granted') throw new PushSetupError('denied');
  try {
    await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    if (existing && madeWithKey(existing.options.applicationServerKey, publicKey)) return existing;
    // A subscription made with the server's earlier VAPID key (README "Secrets": VAPID_ROTATE) receives nothing any
    // more, and subscribe() with another key fails while it exists: it goes, and a new one is made.
    if (existing) await existing.unsubscribe();
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') throw new PushSetupError('denied', error);
    throw new PushSetupError('failed', error);
  }
}
