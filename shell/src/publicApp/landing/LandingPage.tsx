import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import NotificationOutlined from '@ant-design/icons-svg/es/asn/NotificationOutlined';
import TranslationOutlined from '@ant-design/icons-svg/es/asn/TranslationOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@ummahnotify/client/public-app';
import type { AppConfig } from '@ummahnotify/domain';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../PublicFrame';
import { SignupSection } from '../signup/SignupSection';
import { Button } from '../ui/Button';
import { Flex } from '../ui/Flex';
import { Col, Divider, Row } from '../ui/Grid';
import { Icon } from '../ui/Icon';
import { Card } from '../ui/Layout';
import { Paragraph, Title } from '../ui/Typography';
import { FeedSection } from './FeedSection';

function Feature({ icon, title, body }: { icon: IconDefinition; title: string; body: string }) {
  return (
    <Card small style={{ height: '100%' }}>
      <Flex gap={12} align="flex-start">
        <span style={{ fontSize: 22, color: '#1f7a4d' }}>
          <Icon definition={icon} />
        </span>
        <div>
          <Title level={5} style={{ marginTop: 0 }}>
            {title}
          </Title>
          <Paragraph style={{ marginBottom: 0 }}>{body}</Paragraph>
        </div>
      </Flex>
    </Card>
  );
}

const queryClient = createQueryClient();

/** `/`: what the service is, sign-up for notices, the upcoming notices, and the way in for staff. */
export function LandingPage({ config }: { config: AppConfig }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Landing demo={config.demo} />
    </QueryClientProvider>
  );
}

function Landing({ demo }: { demo: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <PublicFrame demo={demo} wide>
      <Title level={1} style={{ marginTop: 0, fontSize: 30 }}>
        {t('common:appName')}
      </Title>
      <Paragraph style={{ fontSize: 17 }} strong>
        {t('landingTagline')}
      </Paragraph>
      <Paragraph>{t('landingIntro')}</Paragraph>
      <Divider />
      <SignupSection />
      <Divider />
      <FeedSection />
      <Divider />
      <Row gap={16} style={{ marginBottom: 24 }}>
        <Col gap={16} md={8}>
          <Feature icon={NotificationOutlined} title={t('landingJanazaTitle')} body={t('landingJanazaBody')} />
        </Col>
        <Col gap={16} md={8}>
          <Feature icon={CalendarOutlined} title={t('landingEventsTitle')} body={t('landingEventsBody')} />
        </Col>
        <Col gap={16} md={8}>
          <Feature icon={TranslationOutlined} title={t('landingLanguagesTitle')} body={t('landingLanguagesBody')} />
        </Col>
      </Row>
      <Paragraph type="secondary">{t('landingStaffNote')}</Paragraph>
      <Button onClick={() => window.location.assign('/login')}>{t('goToLogin')}</Button>
    </PublicFrame>
  );
}
