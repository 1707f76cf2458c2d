import { LanguageSwitch } from '@ummahnotify/shared/client';
import { Card, Flex, Layout, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoBanner } from '../layout/DemoBanner';

/** The frame of the signed-out pages (landing, login, /thanks, 403): brand, language switch, one card. */
export function PublicPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <DemoBanner />
      <Flex
        component="header"
        align="center"
        justify="space-between"
        wrap
        gap={8}
        style={{ padding: '12px 16px', background: token.colorBgContainer }}
      >
        {/* A full load: the landing page is the light public app's. */}
        <a href="/">
          <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary }}>
            {t('appName')}
          </Typography.Title>
        </a>
        <LanguageSwitch />
      </Flex>
      <Layout.Content style={{ padding: 16 }}>
        <Card style={{ maxWidth: wide ? 960 : 560, margin: '24px auto' }}>{children}</Card>
      </Layout.Content>
    </Layout>
  );
}
