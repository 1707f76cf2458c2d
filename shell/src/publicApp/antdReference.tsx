/**
 * Each part of the light public app beside the antd component whose look it copies. Never bundled into the light
 * app (it imports antd): the build renders the antd side to extract their CSS (scripts/public-app-css.tsx), and
 * antdReference.test.tsx holds each light part's markup to antd's.
 */
import { BellOutlined, CalendarOutlined, MailOutlined } from '@ant-design/icons';
import { theme } from '@ummahnotify/client/public-app';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  Divider,
  Flex,
  Form,
  Input,
  Layout,
  Radio,
  Row,
  Segmented,
  Skeleton,
  Spin,
  Typography,
} from 'antd';
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
  { name: 'divider', antd: <Divider /> },
  {
    name: 'grid',
    antd: (
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col xs={24} md={8}>
          x
        </Col>
        <Col xs={24} md={12}>
          y
        </Col>
      </Row>
    ),
  },
  {
    name: 'small card',
    antd: (
      <Card size="small" id="c" style={{ height: '100%' }}>
        x
      </Card>
    ),
  },
  {
    name: 'flex',
    antd: (
      <Flex gap={12} align="flex-start">
        x
      </Flex>
    ),
  },
  {
    name: 'vertical flex',
    antd: (
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        x
      </Flex>
    ),
  },
  {
    name: 'wrapping flex',
    antd: (
      <Flex gap={8} wrap>
        x
      </Flex>
    ),
  },
  { name: 'title 1', antd: <Typography.Title level={1}>UmmahNotify</Typography.Title> },
  {
    name: 'title 2',
    antd: (
      <Typography.Title level={2} id="t">
        Get notices
      </Typography.Title>
    ),
  },
  { name: 'title 5', antd: <Typography.Title level={5}>Janaza notices</Typography.Title> },
  { name: 'strong paragraph', antd: <Typography.Paragraph strong>Text</Typography.Paragraph> },
  { name: 'secondary paragraph', antd: <Typography.Paragraph type="secondary">Text</Typography.Paragraph> },
  { name: 'secondary text', antd: <Typography.Text type="secondary">Text</Typography.Text> },
  { name: 'strong text', antd: <Typography.Text strong>Text</Typography.Text> },
  {
    name: 'download link',
    antd: (
      <Typography.Link href="/a.ics" download>
        <CalendarOutlined /> Add to calendar
      </Typography.Link>
    ),
  },
  {
    name: 'underlined link',
    antd: (
      <Typography.Link href="https://example.org" target="_blank" rel="noopener noreferrer" aria-label="Map" underline>
        Map
      </Typography.Link>
    ),
  },
  {
    name: 'button',
    antd: (
      <Button type="primary" size="large">
        Staff sign in
      </Button>
    ),
  },
  {
    name: 'button with icon',
    antd: (
      <Button type="primary" size="large" icon={<BellOutlined />}>
        Turn on
      </Button>
    ),
  },
  {
    name: 'loading submit',
    antd: (
      <Button type="primary" size="large" htmlType="submit" loading>
        Send
      </Button>
    ),
  },
  {
    name: 'danger button',
    antd: (
      <Button size="large" danger disabled>
        Turn off
      </Button>
    ),
  },
  {
    name: 'link button',
    antd: (
      <Button size="large" type="link">
        Another number
      </Button>
    ),
  },
  { name: 'default button', antd: <Button size="large">Another number</Button> },
  {
    name: 'choices',
    antd: (
      <Form layout="vertical" component="div" requiredMark={false}>
        <Form.Item label="Notices about" validateStatus="error" help="Choose one">
          <Checkbox.Group
            value={['janaza']}
            options={[
              { value: 'janaza', label: 'Janaza' },
              { value: 'events', label: 'Events' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Language">
          <Radio.Group
            value="ta"
            options={[
              { value: 'en', label: 'English' },
              { value: 'ta', label: 'Tamil' },
            ]}
          />
        </Form.Item>
      </Form>
    ),
  },
  {
    name: 'email field',
    antd: (
      <Form layout="vertical" requiredMark={false} noValidate>
        <Form.Item label="Email" htmlFor="e" validateStatus="error" help="Bad">
          <Input id="e" type="email" inputMode="email" size="large" prefix={<MailOutlined />} value="x" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" size="large" htmlType="submit">
            Send
          </Button>
        </Form.Item>
      </Form>
    ),
  },
  {
    name: 'phone field',
    antd: (
      <Form layout="vertical" requiredMark={false} noValidate>
        <Form.Item label="Phone" htmlFor="p" validateStatus="error" help="Bad">
          <Input id="p" addonBefore="+65" inputMode="numeric" size="large" maxLength={9} value="1" />
        </Form.Item>
      </Form>
    ),
  },
  {
    name: 'code field',
    antd: (
      <Form layout="vertical" requiredMark={false} noValidate>
        <Form.Item label="Code" htmlFor="c">
          <Input id="c" size="large" maxLength={6} style={{ maxWidth: 200 }} value="" />
        </Form.Item>
      </Form>
    ),
  },
  {
    name: 'channels',
    antd: (
      <Segmented
        block
        aria-label="Send them by"
        value="webpush"
        options={[
          { value: 'webpush', label: <span>Browser</span> },
          { value: 'email', label: <span>Email</span>, disabled: true },
        ]}
      />
    ),
  },
  {
    name: 'stacked channels',
    antd: (
      <Segmented
        block
        vertical
        aria-label="Send them by"
        value="email"
        options={[
          { value: 'webpush', label: 'Browser', disabled: true },
          { value: 'email', label: 'Email' },
          { value: 'telegram', label: 'Telegram' },
        ]}
      />
    ),
  },
  {
    name: 'spin',
    antd: (
      <Spin description="Loading">
        <div />
      </Spin>
    ),
  },
  { name: 'skeleton', antd: <Skeleton active /> },
  { name: 'warning alert', antd: <Alert type="warning" showIcon title="Failed" /> },
  { name: 'success alert', antd: <Alert role="status" type="success" showIcon title="Done" /> },
  { name: 'info alert', antd: <Alert role="status" type="info" showIcon title="Sent" /> },
];
