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

/** Stands for the email while the sentence is drawn: each language puts it where its word order wants it. */
const EMAIL_MARK = '@@email@@';

/** "Signed in as <email> (no access to the dashboard)", with an empty place the script writes the email in. */
function SignedInNoAccess({ t }: { t: Texts }) {
  const [before, after] = t('shell:loginSignedInNoAccess', { email: EMAIL_MARK }).split(EMAIL_MARK);
  return (
    <>
      {before}
      <span data-signed-in-as style={{ fontWeight: 600, overflowWrap: 'break-word' }} />
      {after}
    </>
  );
}

/**
 * docs/product/screens.md#login. Every refusal's alert is in the page, hidden; the script (browser/login.ts) shows the
 * one `?error=` names; a session without the dashboard (no staff rights) is named, with a "Sign out" button (the page
 * never signs anyone out by itself); the network error when signing out fails.
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
      <div data-signed-in hidden>
        <Alert
          type="warning"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={<SignedInNoAccess t={t} />}
          description={
            // Under the sentence, full size (40 px: a phone's touch target), not squeezed beside it.
            <Button size="large" data-sign-out style={{ marginTop: 8 }}>
              {t('shell:loginSignOut')}
            </Button>
          }
        />
      </div>
      <div data-signed-out hidden>
        <Alert type="info" showIcon role="status" style={{ marginBottom: 16 }} title={t('shell:loginSignedOut')} />
      </div>
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
