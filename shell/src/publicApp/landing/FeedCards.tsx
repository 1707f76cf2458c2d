import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import LinkOutlined from '@ant-design/icons-svg/es/asn/LinkOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { FEED_ANCHOR, FEED_API, formatNoticeTime, type Language, mapLink } from '@ummahnotify/core';
import { type FeedEvent, type FeedJanaza, formatJanazaPlace, formatJanazaWhen, inLanguage } from '@ummahnotify/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex } from '../ui/Flex';
import { Icon } from '../ui/Icon';
import { Card } from '../ui/Layout';
import { Link, Text, Title } from '../ui/Typography';
import { apiUrl } from './useFeed';

function Line({ icon, children }: { icon: IconDefinition; children: ReactNode }) {
  return (
    <Flex gap={8} align="baseline">
      <span aria-hidden style={{ color: '#1f7a4d' }}>
        <Icon definition={icon} />
      </span>
      <span>{children}</span>
    </Flex>
  );
}

function CalendarLink({ href }: { href: string }) {
  const { t } = useTranslation('signup');
  return (
    <Link href={apiUrl(href)} download>
      <Icon definition={CalendarOutlined} /> {t('addToCalendar')}
    </Link>
  );
}

function Photo({ src, alt }: { src: string | null; alt: string }) {
  if (!src) return null;
  return (
    <img
      src={apiUrl(src)}
      alt={alt}
      loading="lazy"
      style={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 8, flex: 'none' }}
    />
  );
}

/** The masjid or funeral service, "Singapore <postal>" and a map link; nothing at all when there is no place. */
function JanazaPlace({ notice, language }: { notice: FeedJanaza; language: Language }) {
  const { t } = useTranslation('prayer');
  const { t: signup } = useTranslation('signup');
  const place = formatJanazaPlace(notice, language);
  if (!place) return null;
  return (
    <Line icon={EnvironmentOutlined}>
      {signup('feedPlace', { place })}
      {notice.postal.trim() && (
        <>
          {' · '}
          {/* underlined: a link inside a line of text must not be told apart by colour alone (axe) */}
          <Link href={mapLink(notice.postal)} newTab label={t('mapLabel', { postal: notice.postal })} underline>
            {t('map')}
          </Link>
        </>
      )}
    </Line>
  );
}

/** One janaza notice; the id is the anchor that messages link to (/#janaza-<id>). */
export function JanazaCard({ notice, language }: { notice: FeedJanaza; language: Language }) {
  const { t } = useTranslation('signup');
  return (
    <Card small id={FEED_ANCHOR.janaza(notice._id)} style={{ scrollMarginTop: 16 }}>
      <Flex gap={12} align="flex-start">
        <Photo src={notice.imageUrl} alt={t('photoOf', { name: notice.name })} />
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Title level={4} style={{ margin: 0, fontSize: 17 }}>
            {notice.name}
          </Title>
          <Text type="secondary">{t('feedAge', { age: notice.age })}</Text>
          <Line icon={ClockCircleOutlined}>{t('feedPrayer', { time: formatJanazaWhen(notice, language) })}</Line>
          <JanazaPlace notice={notice} language={language} />
          {notice.note.trim() && <Text>{notice.note}</Text>}
          <CalendarLink href={FEED_API.janazaIcs(notice._id, language)} />
        </Flex>
      </Flex>
    </Card>
  );
}

/** One event, in Tamil when the page is (each field falling back to English). */
export function EventCard({ event, language }: { event: FeedEvent; language: Language }) {
  const { t } = useTranslation('signup');
  const heading = inLanguage(language, event.heading, event.headingTa);
  const subHeading = inLanguage(language, event.subHeading, event.subHeadingTa);
  return (
    <Card small id={FEED_ANCHOR.event(event._id)} style={{ scrollMarginTop: 16 }}>
      <Flex gap={12} align="flex-start">
        <Photo src={event.imageUrl} alt={heading} />
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Title level={4} style={{ margin: 0, fontSize: 17 }}>
            {heading}
          </Title>
          {subHeading.trim() && <Text type="secondary">{subHeading}</Text>}
          <Line icon={ClockCircleOutlined}>{t('feedWhen', { time: formatNoticeTime(event.dateTime, language) })}</Line>
          {inLanguage(language, event.address, event.addressTa).trim() && (
            <Line icon={EnvironmentOutlined}>
              {t('feedPlace', { place: inLanguage(language, event.address, event.addressTa) })}
            </Line>
          )}
          {event.link.trim() && (
            <Line icon={LinkOutlined}>
              <Link href={event.link} newTab>
                {t('feedMore')}
              </Link>
            </Line>
          )}
          <CalendarLink href={event.icsUrl} />
        </Flex>
      </Flex>
    </Card>
  );
}
