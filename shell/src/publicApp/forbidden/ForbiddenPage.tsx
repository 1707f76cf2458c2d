import { FORBIDDEN_REDIRECT_MS } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../PublicFrame';
import { Button } from '../ui/Button';
import { Result } from '../ui/Result';

/** docs/product/screens.md#403-page: any unknown top-level path; goes back in history after 2 s. */
export function ForbiddenPage({ config }: { config: AppConfig }) {
  const { t } = useTranslation('shell');

  useEffect(() => {
    const timer = setTimeout(() => window.history.back(), FORBIDDEN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <PublicFrame demo={config.demo}>
      <Result
        status="403"
        title="403"
        subTitle={
          <>
            <div>{t('forbidden')}</div>
            <div>{t('forbiddenHint')}</div>
          </>
        }
        extra={
          <Button middle onClick={() => window.history.back()}>
            {t('goBack')}
          </Button>
        }
      />
    </PublicFrame>
  );
}
