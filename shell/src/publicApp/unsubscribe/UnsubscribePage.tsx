import { SIGNUP_API } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';
import { TokenResultPage } from '../tokenPage/TokenResultPage';

/** /unsubscribe?token=...: the link at the foot of every message. */
export function UnsubscribePage({ config }: { config: AppConfig }) {
  return (
    <TokenResultPage
      config={config}
      url={SIGNUP_API.unsubscribe}
      keys={{
        working: 'unsubscribeChecking',
        done: ['unsubscribeDone', 'unsubscribeDoneBody'],
        gone: ['unsubscribeGone', 'unsubscribeGoneBody'],
        invalid: ['confirmInvalid', 'unsubscribeGoneBody'],
        failed: ['unsubscribeError', 'tryAgainLater'],
      }}
    />
  );
}
