import { SIGNUP_API } from '@ummahnotify/shared/domain';
import { useTranslation } from 'react-i18next';
import { TokenResultPage } from './TokenResultPage';
import { useTokenAction } from './useTokenAction';

/** /subscribe/confirm?token=...: the link of the confirmation email. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('signup');
  const { state, retry } = useTokenAction(SIGNUP_API.emailConfirm);
  return (
    <TokenResultPage
      state={state}
      retry={retry}
      texts={{
        working: t('confirmChecking'),
        done: { title: t('confirmDone'), body: t('confirmDoneBody') },
        gone: { title: t('confirmExpired'), body: t('confirmExpiredBody') },
        invalid: { title: t('confirmInvalid'), body: t('confirmInvalidBody') },
        failed: { title: t('confirmError'), body: t('tryAgainLater') },
      }}
    />
  );
}
