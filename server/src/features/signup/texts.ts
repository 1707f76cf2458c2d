import { catalogues, type Language, type Topic } from '@ummahnotify/shared/domain';

type SignupKey = Extract<keyof (typeof catalogues.delivery)['en'], `signup.${string}`>;

/** A sign-up reply (Telegram, WhatsApp) in the subscriber's language, {{placeholders}} filled. */
export function signupText(language: Language, key: SignupKey, values: Record<string, string> = {}): string {
  return catalogues.delivery[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export function topicNames(language: Language, topics: Topic[]): string {
  return topics
    .map((t) => signupText(language, t === 'janaza' ? 'signup.topicJanaza' : 'signup.topicEvents'))
    .join(', ');
}

/** Refusals the sign-up pages show as they are. */
export const REFUSAL = {
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  tooManyMessages:
    'We have already sent 3 confirmation messages to this address in the last hour. Please try again later.',
  linkUsed: 'This confirmation link has expired or was already used',
  unknownLink: 'This unsubscribe link is not valid. You may already be unsubscribed.',
  channelOff: (name: string) => `${name} sign-up is not available right now. Please choose another way.`,
  sendFailed: (name: string) => `We could not send the ${name} message just now. Please try again later.`,
  codeWrong: 'That code is not right',
  codeExpired: 'This code has expired. Please ask for a new one.',
  codeTooManyTries: 'Too many wrong codes. Please ask for a new code.',
  unknownPushService: "This browser's push service is not supported. Please choose another way.",
  pushKeyNotOnCurve: "This browser's push key is not a P-256 public key. Please choose another way.",
  pushAuthNot16Bytes: "This browser's push secret is not 16 bytes long. Please choose another way.",
} as const;
