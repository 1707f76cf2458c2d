import type { Language, Topic } from '@ummahnotify/core';
import type { FastifyInstance } from 'fastify';
import type { SendOutcome } from '../../delivery/channels/types';
import { signupText, topicNames } from './texts';

export interface NewPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * The first push of a new web push subscription, before it is stored: a notification the browser shows
 * ("Notifications are on") in the subscriber's language. Browsers subscribe with userVisibleOnly, so every push
 * must show one (a silent push gets the browser's own "updated in the background" notice, and Safari withdraws
 * the subscription after a few); its push service's answer decides the sign-up (routes.ts):
 * accepted, it is stored; 404/410 or another refusal, nothing is
 * (docs/decisions/2026-11-28-web-push-sign-up-proven-by-a-welcome.md).
 */
export async function sendWelcomePush(
  app: FastifyInstance,
  subscription: NewPushSubscription,
  choice: { topics: Topic[]; language: Language },
): Promise<SendOutcome> {
  const { language } = choice;
  return app.delivery.channels.webpush.send(
    {
      id: 'welcome',
      channel: 'webpush',
      address: subscription.endpoint,
      pushKeys: JSON.stringify({ p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }),
      language,
      token: '',
    },
    {
      kind: 'events',
      itemId: 'welcome',
      tag: 'welcome',
      language,
      correction: false,
      title: signupText(language, 'signup.webpushWelcomeTitle'),
      body: signupText(language, 'signup.webpushWelcome', { topics: topicNames(language, choice.topics) }),
      url: `${app.config.publicUrl}/`,
      imageUrl: null,
      templateParams: [],
    },
  );
}
