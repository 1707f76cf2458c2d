import { GoogleOutlined } from '@ant-design/icons';
import { API_PATHS, SIGN_IN_ERRORS, type SignInError } from '@ummahnotify/core';
import { shell } from '@ummahnotify/domain/catalogues/shell';
import { Alert, Button, Typography } from 'antd';
import type { Texts } from '../texts';

const ERROR_KEYS: Record<SignInError, string> = {
  expired: 'signInErrorExpired',
  failed: 'signInErrorFailed',
  unverified: 'signInErrorUnverified',
  'account-bound': 'signInErrorAccountBound',
  'demo-account': 'signInErrorDemoAccount',
};

/**
 * docs/product/screens.md#login. Every refusal's alert is in the page, hidden; the script (browser/login.ts) shows the
 * one `?error=` names, and the network error when the logout on load fails.
 */
export function LoginPage({ t }: { t: Texts }) {
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('shell:loginTitle')}
      </Typography.Title>
      {SIGN_IN_ERRORS.map((error) => (
        <div key={error} data-error={error} hidden>
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={t(`shell:${ERROR_KEYS[error]}`)}
          />
        </div>
      ))}
      <div data-logout-failed={shell.en.loginFailedLog} hidden>
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={t('networkError')} />
      </div>
      <Typography.Paragraph>{t('shell:signInPrompt')}</Typography.Paragraph>
      {/* A real navigation: the sign-in flow leaves the site for the identity provider. */}
      <Button type="primary" size="large" icon={<GoogleOutlined />} href={API_PATHS.signIn} data-api-link>
        {t('shell:signInWithGoogle')}
      </Button>
    </>
  );
}
