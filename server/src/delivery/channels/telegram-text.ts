import { messages } from '@ummahnotify/domain/messages';
import type { Message } from './types';

export const TELEGRAM_MESSAGE_LIMIT = 4096;
export const TELEGRAM_CAPTION_LIMIT = 1024;

/**
 * Title, body and the link as plain text within a length limit: the body is shortened (with …) so the
 * title, the link and the /stop hint always fit.
 */
export function fitMessage(head: string, body: string, tail: string, limit: number): string {
  const join = (b: string) => [head, b, tail].filter(Boolean).join('\n\n');
  const full = join(body);
  if (full.length <= limit) return full;
  const room = limit - join('').length - 3;
  if (room > 0) return join(`${body.slice(0, room - 1).trimEnd()}…`);
  return `${full.slice(0, limit - 1)}…`;
}

export function telegramText(message: Message, limit: number): string {
  const t = messages[message.language];
  return fitMessage(message.title, message.body, `${message.url}\n\n${t['message.stopTelegram']}`, limit);
}
