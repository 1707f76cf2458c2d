import { catalogues } from '@ummahnotify/shared/domain';
import type { Message } from './types';

export const WHATSAPP_TEXT_LIMIT = 4096;

/** The Cloud API takes the number in international form, digits only. */
export const waNumber = (phone: string) => phone.replace(/\D/g, '');

export function textPayload(phone: string, body: string) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: waNumber(phone),
    type: 'text',
    text: { preview_url: true, body: body.slice(0, WHATSAPP_TEXT_LIMIT) },
  };
}

/**
 * The one place a notice becomes a WhatsApp request. It is a free-form text message, which the real
 * Cloud API delivers only inside the 24-hour window after the subscriber last wrote to us; outside it,
 * business-initiated messages must use a template approved by Meta ({type: 'template', template: {name,
 * language: {code}, components}}), and this function is what would build it.
 */
export function noticePayload(phone: string, message: Message) {
  const t = catalogues.delivery[message.language];
  const parts = [
    message.title,
    message.body,
    message.url,
    message.imageUrl ? t['message.photo'].replace('{{url}}', message.imageUrl) : '',
    t['message.stopWhatsapp'],
  ];
  return textPayload(phone, parts.filter(Boolean).join('\n\n'));
}
