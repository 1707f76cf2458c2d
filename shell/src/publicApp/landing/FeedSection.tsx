import { FEED_ANCHOR, type Language, NOTICE_PARAM } from '@ummahnotify/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert';
import { Flex } from '../ui/Flex';
import { Col, Row } from '../ui/Grid';
import { Skeleton } from '../ui/Loading';
import { Text, Title } from '../ui/Typography';
import { EventCard, JanazaCard } from './FeedCards';
import { useFeed } from './useFeed';

function Column({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Flex vertical gap={12}>
      <Title level={3} style={{ margin: 0, fontSize: 18 }}>
        {title}
      </Title>
      {children.length ? children : <Text type="secondary">{empty}</Text>}
    </Flex>
  );
}

/** The element id a link's #fragment names; none when its percent-encoding is malformed (`#%E0%A4%A`). */
function fragmentId(hash: string): string | undefined {
  try {
    return decodeURIComponent(hash.slice(1)) || undefined;
  } catch {
    return undefined;
  }
}

/** The public feed: upcoming janaza prayers and events, each with its .ics file. */
export function FeedSection() {
  const { t, i18n } = useTranslation('signup');
  const language: Language = i18n.language === 'ta' ? 'ta' : 'en';
  const feed = useFeed();

  // A message links to /?notice=<id> (before, to /#janaza-<id>): the card exists only once the feed has loaded.
  useEffect(() => {
    const notice = new URLSearchParams(window.location.search).get(NOTICE_PARAM);
    const id = fragmentId(window.location.hash) ?? (notice ? FEED_ANCHOR.janaza(notice) : undefined);
    if (feed.data && id) document.getElementById(id)?.scrollIntoView();
  }, [feed.data]);

  let body: ReactNode;
  if (feed.isPending) body = <Skeleton />;
  else if (feed.isError) body = <Alert type="warning" title={t('feedFailed')} />;
  else
    body = (
      <Row gap={24}>
        <Col gap={24} md={12}>
          <Column title={t('feedJanaza')} empty={t('feedNoJanaza')}>
            {feed.data.janaza.map((n) => (
              <JanazaCard key={n._id} notice={n} language={language} />
            ))}
          </Column>
        </Col>
        <Col gap={24} md={12}>
          <Column title={t('feedEvents')} empty={t('feedNoEvents')}>
            {feed.data.events.map((e) => (
              <EventCard key={e._id} event={e} language={language} />
            ))}
          </Column>
        </Col>
      </Row>
    );

  return (
    <section id="upcoming" aria-labelledby="upcoming-title" aria-busy={feed.isPending}>
      <Title level={2} id="upcoming-title" style={{ fontSize: 22 }}>
        {t('feedTitle')}
      </Title>
      {body}
    </section>
  );
}
