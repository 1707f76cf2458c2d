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

/** This browser's current subscription, if our service worker has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Registers the service worker, asks for permission and subscribes with the server's VAPID key. */
export async function subscribeToPush(publicKey: string): Promise<PushSubscription> {
  if (!pushSupported()) throw new PushSetupError('unsupported');
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    throw new PushSetupError('failed', error);
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  try {
    await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    if (existing) return existing;
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') throw new PushSetupError('denied', error);
    throw new PushSetupError('failed', error);
  }
}
