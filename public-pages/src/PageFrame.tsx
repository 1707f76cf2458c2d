import type { Language } from '@ummahnotify/core';
import { Alert, Card, Flex, Layout, Segmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Texts } from './texts';

/**
 * The frame of every signed-out page, in one language: demo banner (shown by the page's script when the server is in
 * demo mode), brand, language switch, one card. The page holds one frame per language; `data-lang` and the
 * document's `lang` choose the one shown (render.tsx).
 */
export function PageFrame({
  language,
  t,
  wide = false,
  children,
}: {
  language: Language;
  t: Texts;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div data-lang={language}>
      <Layout style={{ minHeight: '100vh' }}>
        <div data-demo hidden>
          <Alert banner type="info" title={t('shell:demoBanner')} data-testid="demo-banner" />
        </div>
        <Flex
          component="header"
          align="center"
          justify="space-between"
          wrap
          gap={8}
          style={{ padding: '12px 16px', background: 'var(--ant-color-bg-container)' }}
        >
          <a href="/">
            <Typography.Title level={4} style={{ margin: 0, color: 'var(--ant-color-primary)' }}>
              {t('appName')}
            </Typography.Title>
          </a>
          <div data-language-switch>
            <Segmented
              aria-label={t('language')}
              size="small"
              value={language}
              options={[
                { label: t('languageEnglish'), value: 'en' },
                { label: t('languageTamil'), value: 'ta' },
              ]}
            />
          </div>
        </Flex>
        <Layout.Content style={{ padding: 16 }}>
          <Card style={{ maxWidth: wide ? 960 : 560, margin: '24px auto' }}>{children}</Card>
        </Layout.Content>
      </Layout>
    </div>
  );
}
