import type { Language } from '@ummahnotify/core';
import type { WhatsAppTemplateNames } from '../../config';
import type { Message } from './types';

export const WHATSAPP_TEXT_LIMIT = 4096;
/**
 * The most characters one body parameter gets: a template's body, parameters filled in, may hold
 * 1024 characters, and ours have four parameters beside about 150 characters of their own text.
 */
export const TEMPLATE_PARAM_LIMIT = 200;

/** The Cloud API takes the number in international form, digits only. */
export const waNumber = (phone: string) => phone.replace(/\D/g, '');

/**
 * The one place a text becomes a template body parameter, as Meta accepts it: no new lines or tabs,
 * no more than four spaces in a row (we leave one), not empty, at most TEMPLATE_PARAM_LIMIT characters.
 */
export function templateParam(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (!flat) return '-';
  const chars = Array.from(flat);
  return chars.length <= TEMPLATE_PARAM_LIMIT
    ? flat
    : `${chars
        .slice(0, TEMPLATE_PARAM_LIMIT - 1)
        .join('')
        .trimEnd()}…`;
}

/** A free-form text: the Cloud API delivers it only within 24 hours of the person's last message to us. */
export function textPayload(phone: string, body: string) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: waNumber(phone),
    type: 'text',
    text: { preview_url: true, body: body.slice(0, WHATSAPP_TEXT_LIMIT) },
  };
}

const bodyComponent = (params: string[]) => ({
  type: 'body',
  parameters: params.map((text) => ({ type: 'text', text: templateParam(text) })),
});

const templateRequest = (phone: string, name: string, code: string, components: unknown[]) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: waNumber(phone),
  type: 'template',
  template: { name, language: { code }, components },
});

/**
 * The one place a notice or event becomes a WhatsApp request: an approved template (business-initiated
 * messages outside the 24-hour window must be), the correction template for a correction, the cancellation
 * template for a withdrawn notice's cancellation (the event cancellation template for an event's), its body
 * parameters in the order of Message.templateParams.
 */
export function noticePayload(phone: string, message: Message, templates: WhatsAppTemplateNames) {
  const name = message.cancellation
    ? message.kind === 'events'
      ? templates.eventCancellation
      : templates.cancellation
    : message.correction
      ? templates.correction
      : templates[message.kind];
  return templateRequest(phone, name, templates.languages[message.language], [bodyComponent(message.templateParams)]);
}

/** The sign-up code as an authentication template: the code is the body parameter and the copy-code button's. */
export function codePayload(phone: string, code: string, language: Language, templates: WhatsAppTemplateNames) {
  return templateRequest(phone, templates.code, templates.languages[language], [
    bodyComponent([code]),
    { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
  ]);
}
