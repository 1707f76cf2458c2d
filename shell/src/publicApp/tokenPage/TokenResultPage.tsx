import type { AppConfig } from '@ummahnotify/domain';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../PublicFrame';
import { Button } from '../ui/Button';
import { LargeSpin } from '../ui/Loading';
import { Result } from '../ui/Result';
import { type TokenActionState, useTokenAction } from './useTokenAction';

/** The `signup` catalogue's keys a page says each outcome with: a title and its body, or the waiting line. */
export type TokenTextKeys = Record<Exclude<TokenActionState, 'working'>, [title: string, body: string]> & {
  working: string;
};

const STATUS = { done: 'success', failed: 'error', gone: 'warning', invalid: 'warning' } as const;

/**
 * /subscribe/confirm and /unsubscribe: sends the link's token to `url` once loaded, then says what happened to the
 * link, with the way home (and Try again after a fault).
 */
export function TokenResultPage({ config, url, keys }: { config: AppConfig; url: string; keys: TokenTextKeys }) {
  const { t } = useTranslation('signup');
  const { state, retry } = useTokenAction(url);
  const home = <a href="/">{t('backHome')}</a>;
  if (state === 'working')
    return (
      <PublicFrame demo={config.demo}>
        <Result status="info" icon={<LargeSpin />} title={t(keys.working)} />
      </PublicFrame>
    );
  const [title, body] = keys[state];
  return (
    <PublicFrame demo={config.demo}>
      <Result
        status={STATUS[state]}
        title={<h1 style={{ fontSize: 'inherit', margin: 0, fontWeight: 'inherit' }}>{t(title)}</h1>}
        subTitle={t(body)}
        extra={
          state === 'failed' ? (
            <>
              <Button middle onClick={retry}>
                {t('tryAgain')}
              </Button>
              {home}
            </>
          ) : (
            home
          )
        }
      />
    </PublicFrame>
  );
}
