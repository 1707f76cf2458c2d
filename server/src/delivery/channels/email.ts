import type { Language } from '@ummahnotify/shared/domain';
import type { Config } from '../../config';
import { type Channel, offState, type SendOutcome } from './types';

// CONTRACT STUB (lead): the messaging helper replaces this file with the real channel.
export interface EmailChannel extends Channel {
  /** The double opt-in mail: nothing else is sent to the address before its link is clicked. */
  sendConfirmation(to: string, link: string, language: Language): Promise<SendOutcome>;
}

export async function createEmailChannel(_config: Config): Promise<EmailChannel> {
  const off = { ok: false, kind: 'permanent', error: 'email is off' } as const;
  return {
    name: 'email',
    state: offState('email', 'SMTP_URL and MAIL_FROM are not set'),
    send: async () => off,
    sendConfirmation: async () => off,
    close: async () => {},
  };
}
