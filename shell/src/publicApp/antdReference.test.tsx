import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ANTD_CASES, ReferenceProviders } from './antdReference';
import { Alert } from './ui/Alert';
import { ANTD_SCOPE } from './ui/antdScope';
import { Button } from './ui/Button';
import { CheckboxGroup, RadioGroup } from './ui/Choice';
import { Flex } from './ui/Flex';
import { Form, FormItem } from './ui/Form';
import { Col, Divider, Row } from './ui/Grid';
import { Icon } from './ui/Icon';
import { Input } from './ui/Input';
import { AppLayout, Card, Content, HeaderBar } from './ui/Layout';
import { Skeleton, Spin } from './ui/Loading';
import { Segmented } from './ui/Segmented';
import { Link, Paragraph, Text, Title } from './ui/Typography';

const ignore = () => {};

/** Each light part with the props of its antd twin in antdReference.tsx. */
const LIGHT: Record<string, ReactElement> = {
  layout: <AppLayout>x</AppLayout>,
  content: <Content style={{ padding: 16 }}>x</Content>,
  banner: <Alert banner type="info" title="Demo" />,
  'error alert': <Alert type="error" title="Refused" />,
  header: <HeaderBar>x</HeaderBar>,
  'title 3': <Title level={3}>Sign in</Title>,
  'title 4': <Title level={4}>UmmahNotify</Title>,
  paragraph: <Paragraph>Text</Paragraph>,
  card: <Card style={{ maxWidth: 560 }}>x</Card>,
  'language switch': (
    <Segmented
      small
      label="Language"
      value="en"
      options={[
        { value: 'en', label: 'English' },
        { value: 'ta', label: 'தமிழ்' },
      ]}
      onChange={() => {}}
    />
  ),
  divider: <Divider />,
  grid: (
    <Row gap={16} style={{ marginBottom: 24 }}>
      <Col gap={16} md={8}>
        x
      </Col>
      <Col gap={16} md={12}>
        y
      </Col>
    </Row>
  ),
  'small card': (
    <Card small id="c" style={{ height: '100%' }}>
      x
    </Card>
  ),
  flex: (
    <Flex gap={12} align="flex-start">
      x
    </Flex>
  ),
  'vertical flex': (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      x
    </Flex>
  ),
  'wrapping flex': (
    <Flex gap={8} wrap>
      x
    </Flex>
  ),
  'title 1': <Title level={1}>UmmahNotify</Title>,
  'title 2': (
    <Title level={2} id="t">
      Get notices
    </Title>
  ),
  'title 5': <Title level={5}>Janaza notices</Title>,
  'strong paragraph': <Paragraph strong>Text</Paragraph>,
  'secondary paragraph': <Paragraph type="secondary">Text</Paragraph>,
  'secondary text': <Text type="secondary">Text</Text>,
  'strong text': <Text strong>Text</Text>,
  'download link': (
    <Link href="/a.ics" download>
      <Icon definition={CalendarOutlined} /> Add to calendar
    </Link>
  ),
  'underlined link': (
    <Link href="https://example.org" newTab label="Map" underline>
      Map
    </Link>
  ),
  button: <Button>Staff sign in</Button>,
  'button with icon': <Button icon={BellOutlined}>Turn on</Button>,
  'loading submit': (
    <Button submit loading>
      Send
    </Button>
  ),
  'danger button': (
    <Button kind="danger" disabled>
      Turn off
    </Button>
  ),
  'link button': <Button kind="link">Another number</Button>,
  'default button': <Button kind="default">Another number</Button>,
  choices: (
    <Form>
      <FormItem label="Notices about" error="Choose one">
        <CheckboxGroup
          value={['janaza']}
          options={[
            { value: 'janaza', label: 'Janaza' },
            { value: 'events', label: 'Events' },
          ]}
          onChange={ignore}
        />
      </FormItem>
      <FormItem label="Language">
        <RadioGroup
          value="ta"
          options={[
            { value: 'en', label: 'English' },
            { value: 'ta', label: 'Tamil' },
          ]}
          onChange={ignore}
        />
      </FormItem>
    </Form>
  ),
  'email field': (
    <Form onSubmit={ignore}>
      <FormItem label="Email" htmlFor="e" error="Bad">
        <Input id="e" type="email" inputMode="email" prefix={MailOutlined} value="x" invalid onChange={ignore} />
      </FormItem>
      <FormItem style={{ marginBottom: 0 }}>
        <Button submit>Send</Button>
      </FormItem>
    </Form>
  ),
  'phone field': (
    <Form onSubmit={ignore}>
      <FormItem label="Phone" htmlFor="p" error="Bad">
        <Input id="p" addonBefore="+65" inputMode="numeric" maxLength={9} value="1" invalid onChange={ignore} />
      </FormItem>
    </Form>
  ),
  'code field': (
    <Form onSubmit={ignore}>
      <FormItem label="Code" htmlFor="c">
        <Input id="c" maxLength={6} style={{ maxWidth: 200 }} value="" onChange={ignore} />
      </FormItem>
    </Form>
  ),
  channels: (
    <Segmented
      block
      label="Send them by"
      value="webpush"
      options={[
        { value: 'webpush', label: <span>Browser</span> },
        { value: 'email', label: <span>Email</span>, disabled: true },
      ]}
      onChange={ignore}
    />
  ),
  'stacked channels': (
    <Segmented
      block
      vertical
      label="Send them by"
      value="email"
      options={[
        { value: 'webpush', label: 'Browser', disabled: true },
        { value: 'email', label: 'Email' },
        { value: 'telegram', label: 'Telegram' },
      ]}
      onChange={ignore}
    />
  ),
  spin: (
    <Spin description="Loading">
      <div />
    </Spin>
  ),
  skeleton: <Skeleton />,
  'warning alert': <Alert type="warning" title="Failed" />,
  'success alert': <Alert role="status" type="success" title="Done" />,
  'info alert': <Alert role="status" type="info" title="Sent" />,
};

/** The markup as a tree with each element's attributes sorted; radio group names are React ids, so dropped. */
function normalise(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    const element = node as Element;
    const attributes = [...element.attributes]
      .filter((a) => !(a.name === 'name' && element.tagName === 'INPUT'))
      .map((a) => `${a.name}="${a.name === 'class' ? a.value.split(' ').sort().join(' ') : a.value}"`)
      .sort();
    return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${[...element.childNodes].map(walk).join('')}</>`;
  };
  return [...template.content.childNodes].map(walk).join('');
}

/** The markup once mounted: antd writes a field's error message only in the browser, after mounting. */
async function mounted(ui: ReactElement): Promise<string> {
  const { container, unmount } = render(ui);
  await act(async () => {});
  const html = container.innerHTML;
  unmount();
  return html;
}

describe("the light public app's parts draw antd's markup", () => {
  it.each(ANTD_CASES.map((c) => [c.name, c.antd] as const))('%s', async (name, antd) => {
    const light = LIGHT[name];
    expect(light).toBeDefined();
    const expected = await mounted(<ReferenceProviders>{antd}</ReferenceProviders>);
    // The reference is inside antd's <App>; the light part is put in the same element.
    const inApp = name === 'layout' ? light : <div className={`ant-app ${ANTD_SCOPE}`}>{light}</div>;
    expect(normalise(await mounted(inApp))).toBe(normalise(expected));
  });
});
