import type { Language } from '@ummahnotify/core';

/**
 * The WhatsApp templates the mosque creates in its Meta account (README "WhatsApp templates"), with the
 * body texts we recommend. The names are configuration (WHATSAPP_TEMPLATE_*); the order of the body
 * parameters is fixed here and by Message.templateParams. The sign-up code is an authentication
 * template: Meta writes its body itself ("{{1}} is your verification code.") and adds a copy-code button.
 */
export type TemplateKind = 'janaza' | 'events' | 'correction' | 'cancellation' | 'eventCancellation' | 'code';

export interface TemplateDefinition {
  kind: TemplateKind;
  /** Meta's category for it */
  category: 'UTILITY' | 'AUTHENTICATION';
  /** What each {{n}} holds, in order */
  params: string[];
  /** The body to submit, per language; for the authentication template, the text Meta presets. */
  body: Record<Language, string>;
}

export const TEMPLATE_DEFINITIONS: TemplateDefinition[] = [
  {
    kind: 'janaza',
    category: 'UTILITY',
    params: ['name of the deceased, or "Janaza prayer notice" for a private notice', 'prayer time', 'place', 'link'],
    body: {
      en: 'Janaza: {{1}}\nJanaza prayer: {{2}}\nPlace: {{3}}\nDetails: {{4}}\nReply STOP to stop these messages.',
      ta: 'ஜனாஸா: {{1}}\nஜனாஸா தொழுகை: {{2}}\nஇடம்: {{3}}\nவிவரங்கள்: {{4}}\nஇச்செய்திகளை நிறுத்த STOP என்று பதிலளிக்கவும்.',
    },
  },
  {
    kind: 'events',
    category: 'UTILITY',
    params: ['heading', 'date and time', 'place', 'link'],
    body: {
      en: 'Event: {{1}}\nWhen: {{2}}\nWhere: {{3}}\nDetails: {{4}}\nReply STOP to stop these messages.',
      ta: 'நிகழ்ச்சி: {{1}}\nநேரம்: {{2}}\nஇடம்: {{3}}\nவிவரங்கள்: {{4}}\nஇச்செய்திகளை நிறுத்த STOP என்று பதிலளிக்கவும்.',
    },
  },
  {
    kind: 'correction',
    category: 'UTILITY',
    params: ['the name or heading of the notice or event', 'its time', 'its place', 'link'],
    body: {
      en: 'Correction to an earlier message: {{1}}\nTime: {{2}}\nPlace: {{3}}\nDetails: {{4}}\nReply STOP to stop these messages.',
      ta: 'முந்தைய செய்தியில் திருத்தம்: {{1}}\nநேரம்: {{2}}\nஇடம்: {{3}}\nவிவரங்கள்: {{4}}\nஇச்செய்திகளை நிறுத்த STOP என்று பதிலளிக்கவும்.',
    },
  },
  {
    kind: 'cancellation',
    category: 'UTILITY',
    params: ['name of the deceased, or "Janaza prayer notice" for a private notice', 'prayer time', 'place', 'link'],
    body: {
      en: 'Cancelled: {{1}}\nJanaza prayer: {{2}}\nPlace: {{3}}\nThis notice has been withdrawn. Please disregard it.\nDetails: {{4}}\nReply STOP to stop these messages.',
      ta: 'ரத்து: {{1}}\nஜனாஸா தொழுகை: {{2}}\nஇடம்: {{3}}\nஇந்த அறிவிப்பு திரும்பப் பெறப்பட்டது. அதைப் பொருட்படுத்த வேண்டாம்.\nவிவரங்கள்: {{4}}\nஇச்செய்திகளை நிறுத்த STOP என்று பதிலளிக்கவும்.',
    },
  },
  {
    kind: 'eventCancellation',
    category: 'UTILITY',
    params: ['heading', 'date and time', 'place', 'link'],
    body: {
      en: 'Cancelled: {{1}}\nWhen: {{2}}\nWhere: {{3}}\nThis event has been cancelled. Please disregard the earlier message.\nDetails: {{4}}\nReply STOP to stop these messages.',
      ta: 'ரத்து: {{1}}\nநேரம்: {{2}}\nஇடம்: {{3}}\nஇந்த நிகழ்வு ரத்து செய்யப்பட்டது. முந்தைய செய்தியைப் பொருட்படுத்த வேண்டாம்.\nவிவரங்கள்: {{4}}\nஇச்செய்திகளை நிறுத்த STOP என்று பதிலளிக்கவும்.',
    },
  },
  {
    kind: 'code',
    category: 'AUTHENTICATION',
    params: ['the 6-digit code (also the copy-code button parameter)'],
    body: {
      en: '{{1}} is your verification code.',
      ta: '{{1}} என்பது உங்கள் சரிபார்ப்புக் குறியீடு.',
    },
  },
];
