/**
 * Each part of the light public app beside the antd component whose look it copies. Never bundled into the light
 * app (it imports antd): the build renders the antd side to extract their CSS (scripts/public-app-css.tsx), and
 * antdReference.test.tsx holds each light part's markup to antd's.
 */
import { GoogleOutlined } from '@ant-design/icons';
import { theme } from '@ummahnotify/shared/client/theme';
import { Alert, App, Button, Card, ConfigProvider, Flex, Layout, Segmented, Typography } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { ANTD_SCOPE } from './ui/antdScope';

/** The dashboard's theme; unhashed class names and a fixed variables key, so plain markup can use them. */
export const REFERENCE_THEME = { ...theme, hashed: false, cssVar: { key: ANTD_SCOPE } };

export function ReferenceProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={REFERENCE_THEME}>
      <App>{children}</App>
    </ConfigProvider>
  );
}

export interface ReferenceCase {
  name: string;
  antd: ReactElement;
}

export const ANTD_CASES: ReferenceCase[] = [
  { name: 'layout', antd: <Layout style={{ minHeight: '100vh' }}>x</Layout> },
  { name: 'content', antd: <Layout.Content style={{ padding: 16 }}>x</Layout.Content> },
  { name: 'banner', antd: <Alert banner type="info" title="Demo" /> },
  { name: 'error alert', antd: <Alert type="error" showIcon role="alert" title="Refused" /> },
  {
    name: 'header',
    antd: (
      <Flex component="header" align="center" justify="space-between" wrap gap={8}>
        x
      </Flex>
    ),
  },
  { name: 'title 3', antd: <Typography.Title level={3}>Sign in</Typography.Title> },
  { name: 'title 4', antd: <Typography.Title level={4}>UmmahNotify</Typography.Title> },
  { name: 'paragraph', antd: <Typography.Paragraph>Text</Typography.Paragraph> },
  { name: 'card', antd: <Card style={{ maxWidth: 560 }}>x</Card> },
  {
    name: 'language switch',
    antd: (
      <Segmented
        aria-label="Language"
        size="small"
        value="en"
        options={[
          { label: 'English', value: 'en' },
          { label: 'தமிழ்', value: 'ta' },
        ]}
      />
    ),
  },
  {
    name: 'sign-in button',
    antd: (
      <Button type="primary" size="large" icon={<GoogleOutlined />} href="/api/auth/google">
        Sign in
      </Button>
    ),
  },
];
