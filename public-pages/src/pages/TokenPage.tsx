import { Button, Result, Spin } from 'antd';
import type { Texts } from '../texts';

export const TOKEN_STATES = ['working', 'done', 'invalid', 'gone', 'failed'] as const;
export type TokenState = (typeof TOKEN_STATES)[number];

/** The `signup` catalogue's keys a page says each outcome with: a title and its body, or the waiting line. */
export type TokenTextKeys = Record<Exclude<TokenState, 'working'>, [title: string, body: string]> & {
  working: string;
};

const STATUS = { done: 'success', failed: 'error', gone: 'warning', invalid: 'warning' } as const;

/**
 * /subscribe/confirm and /unsubscribe: says it is working; each outcome is a <template> the script
 * (browser/token.ts) puts in place once the server has answered. Templates, not hidden elements: an outcome not
 * reached is not in the page at all (no spinner left behind, nothing a screen reader finds).
 */
export function TokenPage({ t, keys }: { t: Texts; keys: TokenTextKeys }) {
  const home = <a href="/">{t('signup:backHome')}</a>;
  const working = <Result icon={<Spin size="large" />} title={t(`signup:${keys.working}`)} />;
  return (
    <>
      {/* Announced when the outcome replaces the waiting line. */}
      <div data-slot aria-live="polite">
        {working}
      </div>
      <template data-state="working">{working}</template>
      {(['done', 'invalid', 'gone', 'failed'] as const).map((state) => {
        const [title, body] = keys[state];
        return (
          <template key={state} data-state={state}>
            <Result
              status={STATUS[state]}
              title={<h1 style={{ fontSize: 'inherit', margin: 0, fontWeight: 'inherit' }}>{t(`signup:${title}`)}</h1>}
              subTitle={t(`signup:${body}`)}
              extra={
                state === 'failed'
                  ? [
                      <Button key="retry" type="primary" data-retry>
                        {t('signup:tryAgain')}
                      </Button>,
                      <a key="home" href="/">
                        {t('signup:backHome')}
                      </a>,
                    ]
                  : home
              }
            />
          </template>
        );
      })}
    </>
  );
}

export const CONFIRM_KEYS: TokenTextKeys = {
  working: 'confirmChecking',
  done: ['confirmDone', 'confirmDoneBody'],
  gone: ['confirmExpired', 'confirmExpiredBody'],
  invalid: ['confirmInvalid', 'confirmInvalidBody'],
  failed: ['confirmError', 'tryAgainLater'],
};

export const UNSUBSCRIBE_KEYS: TokenTextKeys = {
  working: 'unsubscribeChecking',
  done: ['unsubscribeDone', 'unsubscribeDoneBody'],
  gone: ['unsubscribeGone', 'unsubscribeGoneBody'],
  invalid: ['confirmInvalid', 'unsubscribeGoneBody'],
  failed: ['unsubscribeError', 'tryAgainLater'],
};
