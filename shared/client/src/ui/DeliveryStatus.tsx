import {
  BellOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DashboardOutlined,
  HourglassOutlined,
  MailOutlined,
  SendOutlined,
  WarningOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import { formatClockTime, SUBSCRIBER_CHANNELS, type SubscriberChannel } from '@ummahnotify/core';
import {
  type ChannelPauseView,
  type ChannelProgress,
  type ChannelState,
  type DeliveryCounts,
  type DeliveryKind,
  latestSending,
} from '@ummahnotify/domain';
import { Flex, Skeleton, Spin, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../authStore';
import { channelOffReason } from './channelOffReason';
import { failureText, pauseText } from './deliveryReasons';
import { RetryFailedButton } from './RetryFailedButton';
import type { DeliveryStatusQuery } from './useDeliveryStatus';

const ICON: Record<SubscriberChannel, ReactNode> = {
  webpush: <BellOutlined aria-hidden />,
  email: <MailOutlined aria-hidden />,
  telegram: <SendOutlined aria-hidden />,
  whatsapp: <WhatsAppOutlined aria-hidden />,
};
const ZERO: DeliveryCounts = { sent: 0, failed: 0, pending: 0, expired: 0 };
type CountKind = 'sent' | 'failed' | 'pending' | 'expired';
const SMALL: CSSProperties = { fontSize: 12, lineHeight: '20px' };
/** The channel rows share their columns: the names, as wide as the longest needs (at most 45 %), then the numbers. */
const ROWS: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)',
  columnGap: 6,
  rowGap: 2,
};
const NUMBER: CSSProperties = { minWidth: 38, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/** One count with its icon; coloured only when it is not zero, so a glance finds failures. */
export function Count({ kind, value }: { kind: CountKind; value: number }) {
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

/** Waiting is not failing: a pause or the daily limit reads amber, never red. */
const WAITING = '#ad6800';
/** A line whose icon hangs before it: wrapped lines start under the text, not under the icon. */
const HANGING: CSSProperties = {
  display: 'block',
  paddingInlineStart: 16,
  textIndent: -16,
  overflowWrap: 'break-word',
};
/** A note under the counts: a word longer than the whole column (a long Tamil word) breaks rather than runs past it. */
const NOTE: CSSProperties = { ...HANGING, overflowWrap: 'anywhere' };

interface Note {
  kind: 'allBy' | 'paused' | 'limited' | 'account' | 'receipts' | 'reason';
  /** Unique among the channel's notes (a reason's code). */
  key: string;
  text: string;
  /** Why it waits (a tooltip): not a failure. */
  help?: string;
}

/**
 * What the counts do not say about the pending messages of one channel: the provider's pause, the
 * WhatsApp daily limit, and when the last one is expected to go ("All by 14:07", Singapore time).
 */
function progressNotes(
  t: TFunction<'delivery'>,
  channel: SubscriberChannel,
  counts: DeliveryCounts,
  progress: ChannelProgress | undefined,
): Note[] {
  if (!progress) return [];
  const notes: Note[] = [];
  const provider = t(`provider.${channel}`);
  const pausedUntil = progress.pausedUntil ? formatClockTime(progress.pausedUntil) : '';
  if (pausedUntil) {
    notes.push({
      kind: 'paused',
      key: 'paused',
      text: t('status.pausedUntil', { provider, time: pausedUntil }),
      help: t('status.pausedHelp'),
    });
  } else if (progress.paused > 0) {
    notes.push({
      kind: 'paused',
      key: 'paused',
      text: t('status.paused', { provider, count: progress.paused.toLocaleString('en-SG') }),
      help: t('status.pausedHelp'),
    });
  }
  if (progress.limited > 0) {
    notes.push({
      kind: 'limited',
      key: 'limited',
      text: t('status.limited', { count: progress.limited.toLocaleString('en-SG') }),
      help: t('status.limitedHelp'),
    });
  }
  const allBy = counts.pending > 0 && progress.allBy ? formatClockTime(progress.allBy) : '';
  if (allBy) notes.push({ kind: 'allBy', key: 'allBy', text: t('status.allBy', { time: allBy }) });
  return notes;
}

/**
 * What became of the channel's messages after they left: its account pause first ("WhatsApp paused: template
 * paused by Meta (132015); tried again at 14:05"), what the provider reported of the sent ones ("5 delivered,
 * 2 read", WhatsApp only), and why the failed ones failed ("4 not on WhatsApp").
 */
function outcomeNotes(t: TFunction<'delivery'>, counts: DeliveryCounts, pause: ChannelPauseView | undefined): Note[] {
  const notes: Note[] = [];
  // The pause concerns this sending while some of its messages wait for it.
  if (pause && counts.pending > 0) {
    const { line, next } = pauseText(t, pause);
    notes.push({ kind: 'account', key: 'account', text: `${line}; ${next}`, help: t('pause.help') });
  }
  if (counts.delivered !== undefined && counts.sent > 0) {
    const delivered = counts.delivered.toLocaleString('en-SG');
    const read = (counts.read ?? 0).toLocaleString('en-SG');
    notes.push({ kind: 'receipts', key: 'receipts', text: t('status.receipts', { delivered, read }) });
  }
  for (const reason of counts.reasons ?? []) {
    notes.push({ kind: 'reason', key: `reason-${reason.code ?? 'none'}`, text: failureText(t, reason) });
  }
  return notes;
}

// Icons the shell already ships (shared/client/src/federation-kit/icons.ts): a gauge for "slow down", a calendar for the
// daily limit, a clock for the expected end.
const NOTE_ICON: Record<Note['kind'], ReactNode> = {
  allBy: <ClockCircleOutlined aria-hidden />,
  paused: <DashboardOutlined aria-hidden />,
  limited: <CalendarOutlined aria-hidden />,
  account: <WarningOutlined aria-hidden />,
  receipts: <CheckCircleOutlined aria-hidden />,
  reason: <CloseCircleOutlined aria-hidden />,
};
/** Waiting reads amber, a failure's reason red, the provider's receipts green, the expected end grey. */
const NOTE_COLOUR: Record<Note['kind'], string> = {
  allBy: 'rgba(0, 0, 0, 0.65)',
  paused: WAITING,
  limited: WAITING,
  account: WAITING,
  receipts: '#237804',
  reason: '#cf1322',
};

function ChannelLine({
  channel,
  counts,
  progress,
  pause,
}: {
  channel: SubscriberChannel;
  counts: DeliveryCounts;
  progress?: ChannelProgress;
  pause?: ChannelPauseView;
}) {
  const { t } = useTranslation('delivery');
  const label = t(`channel.${channel}`);
  const notes = [...outcomeNotes(t, counts, pause), ...progressNotes(t, channel, counts, progress)];
  const name = [t('status.counts', { channel: label, ...counts }), ...notes.map((n) => n.text)].join('; ');
  return (
    // One row of the channels' grid (the label column as wide as the longest name needs, up to 45 %).
    // biome-ignore lint/a11y/useSemanticElements: a row of a grid of counts, not a form's fieldset (which has its own look)
    <div
      role="group"
      aria-label={name}
      data-channel={channel}
      style={{ ...SMALL, display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid' }}
    >
      {/* The name wraps between its words when the column is narrow, never cut; the icon hangs before it. */}
      <span style={HANGING}>
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
      {/* Under both columns: Tamil's long words need the whole width of the list's column. */}
      {notes.length > 0 && (
        <span style={{ gridColumn: '1 / -1', display: 'block' }}>
          {notes.map((note) => (
            <span
              key={note.key}
              data-progress={note.kind}
              title={note.help}
              style={{ ...NOTE, color: NOTE_COLOUR[note.kind] }}
            >
              {NOTE_ICON[note.kind]} {note.text}
            </span>
          ))}
        </span>
      )}
    </div>
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
 * channel, sent / failed / pending / expired, what the provider reported (delivered, read) and why messages
 * failed ("4 not on WhatsApp"); while messages wait: the channel's account pause, the provider's slow-down, the
 * WhatsApp daily limit and the expected end ("All by 14:07"); 'Not sent' before any; channels that are off say so
 * and why. Given the item's kind, a superadmin gets "Retry failed" when the sending has failures.
 * Errors stay small: the last known counts remain, with a warning sign.
 */
export function DeliveryStatus({ id, status, kind }: { id: string; status: DeliveryStatusQuery; kind?: DeliveryKind }) {
  const { t } = useTranslation('delivery');
  const superadmin = useAuthStore((s) => s.rights === 'superadmin');
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

  const heldUntil = latest.heldUntil ? formatClockTime(latest.heldUntil) : '';
  const header = (latest.number > 0 || !latest.expanded || heldUntil || warning) && (
    <Flex gap={6} align="center" wrap style={SMALL}>
      {latest.number > 0 && (
        <Tag color={latest.cancellation ? 'red' : 'orange'} style={{ marginInlineEnd: 0 }}>
          {latest.cancellation ? t('status.cancellation') : t('status.correction', { number: latest.number })}
        </Tag>
      )}
      {!latest.expanded && (
        <Typography.Text type="secondary" style={SMALL} role="status">
          <Spin size="small" /> {t('status.preparing')}
        </Typography.Text>
      )}
      {heldUntil && (
        <Typography.Text type="secondary" style={SMALL} data-testid="delivery-held">
          <ClockCircleOutlined aria-hidden /> {t('status.heldUntil', { time: heldUntil })}
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
  const failed = shown.reduce((sum, channel) => sum + counts(channel).failed, 0);
  return (
    <Flex vertical gap={2} data-testid="delivery-status">
      {header}
      {latest.expanded && (
        <>
          <div style={ROWS}>
            {shown.map((channel) => (
              <ChannelLine
                key={channel}
                channel={channel}
                counts={counts(channel)}
                progress={latest.progress?.[channel]}
                pause={data.pauses?.find((p) => p.channel === channel)}
              />
            ))}
          </div>
          {offStates.length > 0 && <OffLine states={offStates} />}
          {kind && superadmin && failed > 0 && (
            <div>
              <RetryFailedButton kind={kind} id={id} number={latest.number} failed={failed} />
            </div>
          )}
        </>
      )}
    </Flex>
  );
}
