import { FORBIDDEN_REDIRECT_MS } from '@ummahnotify/shared/domain';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PublicPage } from './PublicPage';

/** SPEC §2 "403 page": any unknown top-level path; goes back in history after 2 s. */
export function ForbiddenPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per visit; navigate changes with the location
  useEffect(() => {
    const timer = setTimeout(() => navigate(-1), FORBIDDEN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <PublicPage>
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
          <Button type="primary" onClick={() => navigate(-1)}>
            {t('goBack')}
          </Button>
        }
      />
    </PublicPage>
  );
}
