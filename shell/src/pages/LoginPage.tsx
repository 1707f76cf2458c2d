import { GoogleOutlined } from '@ant-design/icons';
import { useAuthStore, useToast } from '@ummahnotify/shared/client';
import { API_PATHS, catalogues, SIGN_IN_ERRORS, type SignInError } from '@ummahnotify/shared/domain';
import { Alert, Button, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { logout } from '../auth/sessionApi';
import { useAppConfig } from '../config/AppConfigContext';
import { PublicPage } from './PublicPage';

const ERROR_KEYS: Record<SignInError, string> = {
  expired: 'signInErrorExpired',
  failed: 'signInErrorFailed',
  unverified: 'signInErrorUnverified',
  'account-bound': 'signInErrorAccountBound',
  'demo-account': 'signInErrorDemoAccount',
};

/** SPEC §2 "Login page"; a refused sign-in comes back here with `?error=` and says why. */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const { apiUrl } = useAppConfig();
  const toast = useToast();
  const error = useSearchParams()[0].get('error');
  const errorKey = SIGN_IN_ERRORS.find((e) => e === error);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once on load, as the spec says
  useEffect(() => {
    const { rights } = useAuthStore.getState();
    if (rights === 'admin' || rights === 'superadmin') return;
    logout().catch(() => {
      console.error(catalogues.shell.en.loginFailedLog);
      toast.error(t('common:networkError'));
    });
  }, []);

  return (
    <PublicPage>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('loginTitle')}
      </Typography.Title>
      {errorKey && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} message={t(ERROR_KEYS[errorKey])} />
      )}
      <Typography.Paragraph>{t('signInPrompt')}</Typography.Paragraph>
      {/* A real navigation: the sign-in flow leaves the app for the identity provider. */}
      <Button type="primary" size="large" icon={<GoogleOutlined />} href={`${apiUrl}${API_PATHS.signIn}`}>
        {t('signInWithGoogle')}
      </Button>
    </PublicPage>
  );
}
