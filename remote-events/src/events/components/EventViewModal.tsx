import { formatEventDateTime } from '@ummahnotify/core';
import type { EventJson } from '@ummahnotify/domain';
import { Button, Descriptions, Flex, Image, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiHref } from '../hooks';

/** View: the poster with a download link, every text in both languages, the address, and Close. */
export function EventViewModal({ event, onClose }: { event: EventJson | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('events');
  const both = (en: string, ta: string) => (
    <Flex vertical>
      <span>{en || '—'}</span>
      <span lang="ta">{ta || '—'}</span>
    </Flex>
  );
  return (
    <Modal
      open={event !== null}
      title={t('view.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('view.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      {event && (
        <Flex vertical gap={16}>
          {event.image ? (
            <Flex vertical gap={8} align="flex-start">
              <Image
                src={apiHref(event.imageThumb ?? event.image)}
                alt={event.heading}
                style={{ maxHeight: 240 }}
                preview={{ src: apiHref(event.image) }}
              />
              <Typography.Link href={apiHref(event.image)} download={`event-${event._id}.jpg`}>
                {t('view.download')}
              </Typography.Link>
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('view.noImage')}</Typography.Text>
          )}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('list.heading')}>{both(event.heading, event.headingTa)}</Descriptions.Item>
            <Descriptions.Item label={t('list.subHeading')}>
              {both(event.subHeading, event.subHeadingTa)}
            </Descriptions.Item>
            <Descriptions.Item label={t('view.content')}>
              <Flex vertical gap={8} style={{ whiteSpace: 'pre-wrap' }}>
                <span>{event.content || '—'}</span>
                <span lang="ta">{event.contentTa || '—'}</span>
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t('view.address')}>{both(event.address, event.addressTa)}</Descriptions.Item>
            <Descriptions.Item label={t('list.dateTime')}>
              {formatEventDateTime(event.dateTime, i18n.language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.serviceType')}>
              {t(`serviceType.${event.serviceType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.registration')}>{event.registration ? '✔' : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('view.link')}>
              {event.link ? (
                <Typography.Link href={event.link} target="_blank" rel="noopener noreferrer">
                  {event.link}
                </Typography.Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.published')}>
              {event.published ? t('list.yes') : t('list.no')}
            </Descriptions.Item>
          </Descriptions>
        </Flex>
      )}
    </Modal>
  );
}
