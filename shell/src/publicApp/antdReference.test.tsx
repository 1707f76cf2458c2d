import GoogleOutlined from '@ant-design/icons-svg/es/asn/GoogleOutlined';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ANTD_CASES, ReferenceProviders } from './antdReference';
import { Alert } from './ui/Alert';
import { ANTD_SCOPE } from './ui/antdScope';
import { LinkButton } from './ui/Button';
import { AppLayout, Card, Content, HeaderBar } from './ui/Layout';
import { Segmented } from './ui/Segmented';
import { Paragraph, Title } from './ui/Typography';

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
      label="Language"
      value="en"
      options={[
        { value: 'en', label: 'English' },
        { value: 'ta', label: 'தமிழ்' },
      ]}
      onChange={() => {}}
    />
  ),
  'sign-in button': (
    <LinkButton href="/api/auth/google" icon={GoogleOutlined}>
      Sign in
    </LinkButton>
  ),
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

describe("the light public app's parts draw antd's markup", () => {
  it.each(ANTD_CASES.map((c) => [c.name, c.antd] as const))('%s', (name, antd) => {
    const light = LIGHT[name];
    expect(light).toBeDefined();
    const expected = renderToStaticMarkup(<ReferenceProviders>{antd}</ReferenceProviders>);
    // The reference is inside antd's <App>; the light part is put in the same element.
    const inApp = name === 'layout' ? light : <div className={`ant-app ${ANTD_SCOPE}`}>{light}</div>;
    expect(normalise(renderToStaticMarkup(inApp))).toBe(normalise(expected));
  });
});
