/** @jsxRuntime automatic @jsxImportSource react */
import { CalendarOutlined, ClockCircleOutlined, EnvironmentOutlined, LinkOutlined } from '@ant-design/icons';
import { FEED_ANCHOR, FEED_API, formatNoticeTime, type Language, mapLink } from '@ummahnotify/core';
import {
  type FeedEvent,
  type FeedJanaza,
  type FeedResponse,
  formatJanazaPlace,
  formatJanazaWhen,
  inLanguage,
} from '@ummahnotify/domain';
import { Alert, Card, Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { frameId } from '../frameId';
import type { Texts } from '../texts';

/**
 * The element ids of the section in one language (frameId: each once in the page, which holds a frame per
 * language). A card's id is its anchor (`/#janaza-<id>`) in the English frame only, where links already point; every
 * card, in both frames, names its anchor in `data-anchor`, for the page's script to scroll to the card of the frame
 * shown.
 */
const sectionIds = (language: Language) => ({
  section: frameId('upcoming', language),
  title: frameId('upcoming-title', language),
});
const cardIds = (anchor: string, language: Language) => ({
  id: language === 'en' ? anchor : undefined,
  'data-anchor': anchor,
});

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Flex gap={8} align="baseline">
      <span aria-hidden style={{ color: '#1f7a4d' }}>
        {icon}
      </span>
      <span>{children}</span>
    </Flex>
  );
}

/**
 * A link to an API path (an .ics file): the path as it is, made absolute by the page's script with the API's address
 * (`data-api-link`, browser/page.ts); the same origin serves it by default, so it works without script.
 */
function CalendarLink({ t, href }: { t: Texts; href: string }) {
  return (
    <Typography.Link href={href} download data-api-link>
      <CalendarOutlined /> {t('signup:addToCalendar')}
    </Typography.Link>
  );
}

/** An item's photo (an API path, made absolute by the page's script: `data-api-src`); nothing without one. */
function Photo({ src, alt }: { src: string | null; alt: string }) {
  if (!src) return null;
  return (
    <img
      src={src}
      data-api-src
      alt={alt}
      loading="lazy"
      style={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 8, flex: 'none' }}
    />
  );
}

/**
 * The masjid or funeral service, "Singapore <postal>" and a map link saying whose map it is (a link's words must make
 * sense alone: a list of the page's links); nothing at all when there is no place.
 */
function JanazaPlace({ t, notice, language }: { t: Texts; notice: FeedJanaza; language: Language }) {
  const place = formatJanazaPlace(notice, language);
  if (!place) return null;
  return (
    <Line icon={<EnvironmentOutlined />}>
      {t('signup:feedPlace', { place })}
      {notice.postal.trim() && (
        <>
          {' · '}
          {/* underlined: a link inside a line of text must not be told apart by colour alone (axe) */}
          <Typography.Link href={mapLink(notice.postal)} target="_blank" rel="noopener noreferrer" underline>
            {t('prayer:map', { postal: notice.postal })}
          </Typography.Link>
        </>
      )}
    </Line>
  );
}

/** One janaza notice; its anchor is the one messages link to (/#janaza-<id>, /?notice=<id>). */
function JanazaCard({ t, notice, language }: { t: Texts; notice: FeedJanaza; language: Language }) {
  return (
    <Card size="small" {...cardIds(FEED_ANCHOR.janaza(notice._id), language)} style={{ scrollMarginTop: 16 }}>
      <Flex gap={12} align="flex-start">
        <Photo src={notice.imageUrl} alt={t('signup:photoOf', { name: notice.name })} />
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          {notice.cancelled && (
            <Typography.Text type="danger" strong>
              {t('signup:feedCancelled')}: {t('signup:feedCancelledNote')}
            </Typography.Text>
          )}
          <Typography.Title level={4} delete={notice.cancelled} style={{ margin: 0, fontSize: 17 }}>
            {notice.name}
          </Typography.Title>
          <Typography.Text type="secondary">{t('signup:feedAge', { age: notice.age })}</Typography.Text>
          <Line icon={<ClockCircleOutlined />}>
            {t('signup:feedPrayer', { time: formatJanazaWhen(notice, language) })}
          </Line>
          <JanazaPlace t={t} notice={notice} language={language} />
          {notice.note.trim() && <Typography.Text>{notice.note}</Typography.Text>}
          <CalendarLink t={t} href={FEED_API.janazaIcs(notice._id, language)} />
        </Flex>
      </Flex>
    </Card>
  );
}

/** One event, in Tamil in the Tamil frame (each field falling back to English). */
function EventCard({ t, event, language }: { t: Texts; event: FeedEvent; language: Language }) {
  const heading = inLanguage(language, event.heading, event.headingTa);
  const subHeading = inLanguage(language, event.subHeading, event.subHeadingTa);
  const address = inLanguage(language, event.address, event.addressTa);
  return (
    <Card size="small" {...cardIds(FEED_ANCHOR.event(event._id), language)} style={{ scrollMarginTop: 16 }}>
      <Flex gap={12} align="flex-start">
        <Photo src={event.imageUrl} alt={heading} />
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          {event.cancelled && (
            <Typography.Text type="danger" strong>
              {t('signup:feedCancelled')}: {t('signup:feedEventCancelledNote')}
            </Typography.Text>
          )}
          <Typography.Title level={4} delete={event.cancelled} style={{ margin: 0, fontSize: 17 }}>
            {heading}
          </Typography.Title>
          {subHeading.trim() && <Typography.Text type="secondary">{subHeading}</Typography.Text>}
          <Line icon={<ClockCircleOutlined />}>
            {t('signup:feedWhen', { time: formatNoticeTime(event.dateTime, language) })}
          </Line>
          {address.trim() && <Line icon={<EnvironmentOutlined />}>{t('signup:feedPlace', { place: address })}</Line>}
          {event.link.trim() && (
            <Line icon={<LinkOutlined />}>
              <Typography.Link href={event.link} target="_blank" rel="noopener noreferrer">
                {t('signup:feedMore', { event: heading })}
              </Typography.Link>
            </Line>
          )}
          <CalendarLink t={t} href={event.icsUrl} />
        </Flex>
      </Flex>
    </Card>
  );
}

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

/**
 * The public feed of the landing page in one language (docs/product/screens.md#landing): upcoming janaza prayers and
 * events, each with its .ics file, drawn by the server for each request (renderFeed.tsx), so it is there without
 * JavaScript. `feed` null: the feed could not be read, which the section says.
 */
export function FeedSection({ t, language, feed }: { t: Texts; language: Language; feed: FeedResponse | null }) {
  const ids = sectionIds(language);
  return (
    <section id={ids.section} aria-labelledby={ids.title}>
      <Typography.Title level={2} id={ids.title} style={{ fontSize: 22 }}>
        {t('signup:feedTitle')}
      </Typography.Title>
      {feed === null ? (
        <Alert type="warning" showIcon title={t('signup:feedFailed')} />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} md={12}>
            <Column title={t('signup:feedJanaza')} empty={t('signup:feedNoJanaza')}>
              {feed.janaza.map((notice) => (
                <JanazaCard key={notice._id} t={t} notice={notice} language={language} />
              ))}
            </Column>
          </Col>
          <Col xs={24} md={12}>
            <Column title={t('signup:feedEvents')} empty={t('signup:feedNoEvents')}>
              {feed.events.map((event) => (
                <EventCard key={event._id} t={t} event={event} language={language} />
              ))}
            </Column>
          </Col>
        </Row>
      )}
    </section>
  );
}
