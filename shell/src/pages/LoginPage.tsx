import { GoogleOutlined } from '@ant-design/icons';
import { useAuthStore, useToast } from '@ummahnotify/shared/client';
import { API_PATHS, catalogues } from '@ummahnotify/shared/domain';
import { Button, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../auth/sessionApi';
import { useAppConfig } from '../config/AppConfigContext';
import { PublicPage } from './PublicPage';

/** SPEC §2 "Login page". */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const { apiUrl } = useAppConfig();
  const toast = useToast();

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
      <Typography.Paragraph>{t('signInPrompt')}</Typography.Paragraph>
      {/* A real navigation: the sign-in flow leaves the app for the identity provider. */}
      <Button type="primary" size="large" icon={<GoogleOutlined />} href={`${apiUrl}${API_PATHS.signIn}`}>
        {t('signInWithGoogle')}
      </Button>
    </PublicPage>
  );
}
