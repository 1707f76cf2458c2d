import GoogleOutlined from '@ant-design/icons-svg/es/asn/GoogleOutlined';
import { API_PATHS, SIGN_IN_ERRORS, type SignInError } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';
import { shell } from '@ummahnotify/domain/catalogues/shell';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../PublicFrame';
import { Alert } from '../ui/Alert';
import { LinkButton } from '../ui/Button';
import { Paragraph, Title } from '../ui/Typography';
import { keepOrEndSession, openDashboard } from './session';

const ERROR_KEYS: Record<SignInError, string> = {
  expired: 'signInErrorExpired',
  failed: 'signInErrorFailed',
  unverified: 'signInErrorUnverified',
  'account-bound': 'signInErrorAccountBound',
  'demo-account': 'signInErrorDemoAccount',
};

/**
 * docs/product/screens.md#login; a refused sign-in comes back here with `?error=` and says why. Always a fresh page load
 * (the light public app keeps no session): an admin or superadmin session goes on to the dashboard, any other is
 * ended (the product's logout on load).
 */
export function LoginPage({ config }: { config: AppConfig }) {
  const { t } = useTranslation('shell');
  const [logoutFailed, setLogoutFailed] = useState(false);
  const error = new URLSearchParams(window.location.search).get('error');
  const errorKey = SIGN_IN_ERRORS.find((e) => e === error);

  useEffect(() => {
    keepOrEndSession().then(
      (outcome) => outcome === 'kept' && openDashboard(),
      () => {
        console.error(shell.en.loginFailedLog);
        setLogoutFailed(true);
      },
    );
  }, []);

  return (
    <PublicFrame demo={config.demo}>
      <Title level={3} style={{ marginTop: 0 }}>
        {t('loginTitle')}
      </Title>
      {errorKey && <Alert type="error" style={{ marginBottom: 16 }} title={t(ERROR_KEYS[errorKey])} />}
      {logoutFailed && <Alert type="error" style={{ marginBottom: 16 }} title={t('common:networkError')} />}
      <Paragraph>{t('signInPrompt')}</Paragraph>
      {/* A real navigation: the sign-in flow leaves the app for the identity provider. */}
      <LinkButton href={`${config.apiUrl}${API_PATHS.signIn}`} icon={GoogleOutlined}>
        {t('signInWithGoogle')}
      </LinkButton>
    </PublicFrame>
  );
}
