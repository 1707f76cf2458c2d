import { SIGNUP_API } from '@ummahnotify/shared/domain';
import { useTranslation } from 'react-i18next';
import { TokenResultPage } from './TokenResultPage';
import { useTokenAction } from './useTokenAction';

/** /unsubscribe?token=...: the link at the foot of every message. */
export function UnsubscribePage() {
  const { t } = useTranslation('signup');
  const { state, retry } = useTokenAction(SIGNUP_API.unsubscribe);
  return (
    <TokenResultPage
      state={state}
      retry={retry}
      texts={{
        working: t('unsubscribeChecking'),
        done: { title: t('unsubscribeDone'), body: t('unsubscribeDoneBody') },
        gone: { title: t('unsubscribeGone'), body: t('unsubscribeGoneBody') },
        invalid: { title: t('confirmInvalid'), body: t('unsubscribeGoneBody') },
        failed: { title: t('unsubscribeError'), body: t('tryAgainLater') },
      }}
    />
  );
}
