import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { Alert } from './ui/Alert';
import { AppLayout, Card, Content, HeaderBar } from './ui/Layout';
import { Title } from './ui/Typography';

/** The frame of every signed-out page, drawn without antd: demo banner, brand, language switch, one card. */
export function PublicFrame({ demo, wide = false, children }: { demo: boolean; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <AppLayout>
      {demo && <Alert banner type="info" title={t('shell:demoBanner')} testId="demo-banner" />}
      <HeaderBar style={{ padding: '12px 16px', background: 'var(--ant-color-bg-container)' }}>
        <a href="/">
          <Title level={4} style={{ margin: 0, color: 'var(--ant-color-primary)' }}>
            {t('appName')}
          </Title>
        </a>
        <LanguageSwitch />
      </HeaderBar>
      <Content style={{ padding: 16 }}>
        <Card style={{ maxWidth: wide ? 960 : 560, margin: '24px auto' }}>{children}</Card>
      </Content>
    </AppLayout>
  );
}
