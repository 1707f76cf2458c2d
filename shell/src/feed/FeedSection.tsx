import type { Language } from '@ummahnotify/shared/domain';
import { Alert, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EventCard, JanazaCard } from './FeedCards';
import { useFeed } from './useFeed';

function Column({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0, fontSize: 18 }}>
        {title}
      </Typography.Title>
      {children.length ? children : <Typography.Text type="secondary">{empty}</Typography.Text>}
    </Flex>
  );
}

/** The public feed: upcoming janaza prayers and events, each with its .ics file. */
export function FeedSection() {
  const { t, i18n } = useTranslation('signup');
  const language: Language = i18n.language === 'ta' ? 'ta' : 'en';
  const feed = useFeed();

  // A message links to /#janaza-<id>: the card exists only once the feed has loaded.
  useEffect(() => {
    if (!feed.data || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [feed.data]);

  let body: ReactNode;
  if (feed.isPending) body = <Skeleton active aria-label={t('feedLoading')} />;
  else if (feed.isError) body = <Alert type="warning" showIcon title={t('feedFailed')} />;
  else
    body = (
      <Row gutter={[24, 24]}>
        <Col xs={24} md={12}>
          <Column title={t('feedJanaza')} empty={t('feedNoJanaza')}>
            {feed.data.janaza.map((n) => (
              <JanazaCard key={n._id} notice={n} language={language} />
            ))}
          </Column>
        </Col>
        <Col xs={24} md={12}>
          <Column title={t('feedEvents')} empty={t('feedNoEvents')}>
            {feed.data.events.map((e) => (
              <EventCard key={e._id} event={e} language={language} />
            ))}
          </Column>
        </Col>
      </Row>
    );

  return (
    <section id="upcoming" aria-labelledby="upcoming-title">
      <Typography.Title level={2} id="upcoming-title" style={{ fontSize: 22 }}>
        {t('feedTitle')}
      </Typography.Title>
      {body}
    </section>
  );
}
