import { SIGNUP_API } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';
import { TokenResultPage } from '../tokenPage/TokenResultPage';

/** /subscribe/confirm?token=...: the link of the confirmation email. */
export function ConfirmEmailPage({ config }: { config: AppConfig }) {
  return (
    <TokenResultPage
      config={config}
      url={SIGNUP_API.emailConfirm}
      keys={{
        working: 'confirmChecking',
        done: ['confirmDone', 'confirmDoneBody'],
        gone: ['confirmExpired', 'confirmExpiredBody'],
        invalid: ['confirmInvalid', 'confirmInvalidBody'],
        failed: ['confirmError', 'tryAgainLater'],
      }}
    />
  );
}
