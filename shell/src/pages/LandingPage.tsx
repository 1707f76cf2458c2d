import { CalendarOutlined, NotificationOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Card, Col, Divider, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedSection } from '../feed/FeedSection';
import { SignupSection } from '../signup/SignupSection';
import { PublicPage } from './PublicPage';

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

/** `/`: what the service is, sign-up for notices, the upcoming notices, and the way in for staff. */
export function LandingPage() {
  const { t } = useTranslation('shell');
  return (
    <PublicPage wide>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30 }}>
        {t('common:appName')}
      </Typography.Title>
      <Typography.Paragraph style={{ fontSize: 17 }} strong>
        {t('landingTagline')}
      </Typography.Paragraph>
      <Typography.Paragraph>{t('landingIntro')}</Typography.Paragraph>
      <Divider />
      <SignupSection />
      <Divider />
      <FeedSection />
      <Divider />
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col xs={24} md={8}>
          <Feature icon={<NotificationOutlined />} title={t('landingJanazaTitle')} body={t('landingJanazaBody')} />
        </Col>
        <Col xs={24} md={8}>
          <Feature icon={<CalendarOutlined />} title={t('landingEventsTitle')} body={t('landingEventsBody')} />
        </Col>
        <Col xs={24} md={8}>
          <Feature icon={<TranslationOutlined />} title={t('landingLanguagesTitle')} body={t('landingLanguagesBody')} />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">{t('landingStaffNote')}</Typography.Paragraph>
      <Button type="primary" size="large" onClick={() => window.location.assign('/login')}>
        {t('goToLogin')}
      </Button>
    </PublicPage>
  );
}
