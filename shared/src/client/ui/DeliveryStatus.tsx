import {
  BellOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  HourglassOutlined,
  MailOutlined,
  SendOutlined,
  WarningOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import {
  type ChannelState,
  type DeliveryCounts,
  latestSending,
  SUBSCRIBER_CHANNELS,
  type SubscriberChannel,
} from '@ummahnotify/shared/domain';
import { Flex, Skeleton, Spin, Tag, Tooltip, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { channelOffReason } from './channelOffReason';
import type { DeliveryStatusQuery } from './useDeliveryStatus';

const ICON: Record<SubscriberChannel, ReactNode> = {
  webpush: <BellOutlined aria-hidden />,
  email: <MailOutlined aria-hidden />,
  telegram: <SendOutlined aria-hidden />,
  whatsapp: <WhatsAppOutlined aria-hidden />,
};
const ZERO: DeliveryCounts = { sent: 0, failed: 0, pending: 0, expired: 0 };
const SMALL: CSSProperties = { fontSize: 12, lineHeight: '20px' };
const NUMBER: CSSProperties = { minWidth: 38, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/** One count with its icon; coloured only when it is not zero, so a glance finds failures. */
export function Count({ kind, value }: { kind: keyof DeliveryCounts; value: number }) {
  const { t } = useTranslation('delivery');
  const icon = {
    sent: <CheckCircleOutlined aria-hidden />,
    failed: <CloseCircleOutlined aria-hidden />,
    pending: <ClockCircleOutlined aria-hidden />,
    expired: <HourglassOutlined aria-hidden />,
  }[kind];
  const colour =
    value === 0
      ? 'rgba(0, 0, 0, 0.6)'
      : { sent: '#237804', failed: '#cf1322', pending: '#0958d9', expired: '#ad6800' }[kind];
  return (
    <span title={t(`status.${kind}`)} data-count={kind} style={{ ...NUMBER, color: colour }}>
      {icon} {value.toLocaleString('en-SG')}
    </span>
  );
}

function ChannelLine({ channel, counts }: { channel: SubscriberChannel; counts: DeliveryCounts }) {
  const { t } = useTranslation('delivery');
  const label = t(`channel.${channel}`);
  return (
    <Flex
      role="group"
      aria-label={t('status.counts', { channel: label, ...counts })}
      data-channel={channel}
      gap={6}
      align="flex-start"
      style={SMALL}
    >
      <span style={{ width: 70, flexShrink: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {ICON[channel]} {label}
      </span>
      {/* The numbers wrap beside the label when the column is narrow (a fourth one, expired, under the first). */}
      <Flex gap={6} wrap style={{ rowGap: 0, minWidth: 0 }}>
        <Count kind="sent" value={counts.sent} />
        <Count kind="failed" value={counts.failed} />
        <Count kind="pending" value={counts.pending} />
        {/* Expired (not sent by the prayer time or the event's start): shown when there are any. */}
        {counts.expired > 0 && <Count kind="expired" value={counts.expired} />}
      </Flex>
    </Flex>
  );
}

/** The channels that are off (and sent nothing) on one line; each one's reason in its tooltip. */
function OffLine({ states }: { states: ChannelState[] }) {
  const { t } = useTranslation('delivery');
  return (
    <Typography.Text type="secondary" style={SMALL} data-testid="delivery-off">
      {t('status.off')}:{' '}
      {states.map((state, i) => {
        const label = t(`channel.${state.channel}`);
        const reason = channelOffReason(t, state);
        const off = reason ? t('channels.off', { reason }) : t('status.off');
        return (
          <span key={state.channel}>
            {i > 0 && ', '}
            <Tooltip title={reason ?? undefined}>
              <span
                role="note"
                data-channel={state.channel}
                aria-label={`${label}: ${off}`}
                style={{ textDecoration: 'underline dotted', cursor: 'help' }}
              >
                {label}
              </span>
            </Tooltip>
          </span>
        );
      })}
    </Typography.Text>
  );
}

/**
 * What staff see of one item's delivery: the latest sending (broadcast or 'Correction N') with, per
 * channel, sent / failed / pending / expired; 'Not sent' before any; channels that are off say so and why.
 * Errors stay small: the last known counts remain, with a warning sign.
 */
export function DeliveryStatus({ id, status }: { id: string; status: DeliveryStatusQuery }) {
  const { t } = useTranslation('delivery');
  const data = status.data;
  const warning = status.isError && (
    <Tooltip title={t('status.loadFailed')}>
      <WarningOutlined role="img" aria-label={t('status.loadFailed')} style={{ color: '#d48806' }} />
    </Tooltip>
  );

  if (!data) {
    if (status.isError) {
      return (
        <Typography.Text type="secondary" style={SMALL} data-testid="delivery-status">
          <WarningOutlined aria-hidden style={{ color: '#d48806' }} /> {t('status.loadFailed')}
        </Typography.Text>
      );
    }
    return <Skeleton active title={false} paragraph={{ rows: 2, width: ['80%', '60%'] }} />;
  }

  const latest = latestSending(data.items[id]);
  if (!latest) {
    return (
      <Typography.Text type="secondary" style={SMALL} data-testid="delivery-status">
        {t('status.notSent')} {warning}
      </Typography.Text>
    );
  }

  const header = (latest.number > 0 || !latest.expanded || warning) && (
    <Flex gap={6} align="center" wrap style={SMALL}>
      {latest.number > 0 && (
        <Tag color="orange" style={{ marginInlineEnd: 0 }}>
          {t('status.correction', { number: latest.number })}
        </Tag>
      )}
      {!latest.expanded && (
        <Typography.Text type="secondary" style={SMALL} role="status">
          <Spin size="small" /> {t('status.preparing')}
        </Typography.Text>
      )}
      {warning}
    </Flex>
  );
  // A channel that is off and sent nothing takes no row of its own: it is named on the 'Off' line.
  const counts = (channel: SubscriberChannel) => latest.channels[channel] ?? ZERO;
  const offStates = data.channels.filter((state) => {
    const c = counts(state.channel);
    return !state.enabled && c.sent + c.failed + c.pending + c.expired === 0;
  });
  const shown = SUBSCRIBER_CHANNELS.filter((channel) => !offStates.some((s) => s.channel === channel));
  return (
    <Flex vertical gap={2} data-testid="delivery-status">
      {header}
      {latest.expanded && (
        <>
          {shown.map((channel) => (
            <ChannelLine key={channel} channel={channel} counts={counts(channel)} />
          ))}
          {offStates.length > 0 && <OffLine states={offStates} />}
        </>
      )}
    </Flex>
  );
}
