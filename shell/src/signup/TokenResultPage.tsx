import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../pages/PublicPage';
import type { TokenActionState } from './useTokenAction';

export type TokenTexts = Record<Exclude<TokenActionState, 'working'>, { title: string; body: string }> & {
  working: string;
};

/** The frame of /subscribe/confirm and /unsubscribe: what happened to the link, and the way home. */
export function TokenResultPage({
  state,
  texts,
  retry,
}: {
  state: TokenActionState;
  texts: TokenTexts;
  retry: () => void;
}) {
  const { t } = useTranslation('signup');
  const home = (
    <a key="home" href="/">
      {t('backHome')}
    </a>
  );
  if (state === 'working') {
    return (
      <PublicPage>
        <Result icon={<Spin size="large" />} title={texts.working} />
      </PublicPage>
    );
  }
  const status = state === 'done' ? 'success' : state === 'failed' ? 'error' : 'warning';
  return (
    <PublicPage>
      <Result
        status={status}
        title={<h1 style={{ fontSize: 'inherit', margin: 0, fontWeight: 'inherit' }}>{texts[state].title}</h1>}
        subTitle={texts[state].body}
        extra={
          state === 'failed'
            ? [
                <Button key="retry" type="primary" onClick={retry}>
                  {t('tryAgain')}
                </Button>,
                home,
              ]
            : [home]
        }
      />
    </PublicPage>
  );
}
