import type { Message } from './types';
import { MAX_PAYLOAD } from './webpush-crypto';

/** What the service worker receives; it calls showNotification(title, {body, image, data: {url}, tag, lang}). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  image: string | null;
  tag: string;
  correction: boolean;
  lang: string;
}

/** The notification's tag: one with the same tag replaces it on screen (and its push Topic is made from it). */
export const notificationTag = (message: Pick<Message, 'kind' | 'itemId' | 'tag'>): string =>
  message.tag ?? `${message.kind}-${message.itemId}`;

/** The message as push payload bytes, the body shortened (with an ellipsis) to fit one record. */
export function pushPayload(message: Message): Buffer {
  const payload: PushPayload = {
    title: message.title,
    body: message.body,
    url: message.url,
    image: message.imageUrl,
    tag: notificationTag(message),
    correction: message.correction,
    lang: message.language,
  };
  let bytes = Buffer.from(JSON.stringify(payload));
  while (bytes.length > MAX_PAYLOAD) {
    const chars = Array.from(payload.body);
    if (chars.length > 1) {
      // Tamil takes 3 bytes a letter and JSON may escape: cut by what is over, at least a tenth.
      const cut = Math.max(Math.ceil((bytes.length - MAX_PAYLOAD) / 2), Math.ceil(chars.length / 10));
      payload.body = `${chars.slice(0, Math.max(0, chars.length - cut - 1)).join('')}…`;
    } else if (payload.image) {
      payload.image = null;
    } else {
      payload.body = '';
      payload.title = `${Array.from(payload.title).slice(0, 100).join('')}…`;
      payload.url = payload.url.slice(0, 1000);
    }
    bytes = Buffer.from(JSON.stringify(payload));
  }
  return bytes;
}
