import { CalendarOutlined, NotificationOutlined, TranslationOutlined } from '@ant-design/icons';
import type { Language } from '@ummahnotify/core';
import { Button, Card, Col, Divider, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Texts } from '../texts';
import { FEED_SLOT } from './feedSample';
import { SignupSection } from './SignupSection';

function Feature({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Flex gap={12} align="flex-start">
        <span style={{ fontSize: 22, color: '#1f7a4d' }}>{icon}</span>
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{body}</Typography.Paragraph>
        </div>
      </Flex>
    </Card>
  );
}

/**
 * `/` (docs/product/screens.md#landing): what the service is, sign-up for notices, the upcoming notices, and the way
 * in for staff. The feed is not drawn here: the server puts it in its slot on every request (landing/renderFeed.tsx).
 */
export function LandingPage({ t, language }: { t: Texts; language: Language }) {
  const slot = { [`data-${FEED_SLOT}`]: language };
  return (
    <>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30 }}>
        {t('appName')}
      </Typography.Title>
      <Typography.Paragraph style={{ fontSize: 17 }} strong>
        {t('shell:landingTagline')}
      </Typography.Paragraph>
      <Typography.Paragraph>{t('shell:landingIntro')}</Typography.Paragraph>
      <Divider />
      <SignupSection t={t} language={language} />
      <Divider />
      <div {...slot} />
      <Divider />
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col xs={24} md={8}>
          <Feature
            icon={<NotificationOutlined />}
            title={t('shell:landingJanazaTitle')}
            body={t('shell:landingJanazaBody')}
          />
        </Col>
        <Col xs={24} md={8}>
          <Feature
            icon={<CalendarOutlined />}
            title={t('shell:landingEventsTitle')}
            body={t('shell:landingEventsBody')}
          />
        </Col>
        <Col xs={24} md={8}>
          <Feature
            icon={<TranslationOutlined />}
            title={t('shell:landingLanguagesTitle')}
            body={t('shell:landingLanguagesBody')}
          />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">{t('shell:landingStaffNote')}</Typography.Paragraph>
      {/* A link drawn as antd's button: it works before (and without) any script. */}
      <Button type="primary" size="large" href="/login">
        {t('shell:goToLogin')}
      </Button>
    </>
  );
}
