import { ReloadOutlined } from '@ant-design/icons';
import { useIsMobile } from '@ummahnotify/client';
import { channelOffReason, DeliveryCount } from '@ummahnotify/client/section';
import { SUBSCRIBER_CHANNELS } from '@ummahnotify/core';
import { RECENT_DELIVERY_DAYS } from '@ummahnotify/domain';
import { Alert, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeliveryChannels } from '../hooks';
import { ChannelPause } from './ChannelPause';
import { DeliverySwitchPanel } from './DeliverySwitch';
import { SignupBudget } from './SignupBudget';
import { WhatsAppLateTemplates, WhatsAppToday } from './WhatsAppLines';

/**
 * Which channels the delivery engine sends on (an unconfigured one is off, with the reason; one the provider
 * refused our account on is paused, with why and "Resume"; delivery a superadmin switched off, all or one channel,
 * with its banner, "Resume" and "Pause delivery…"), and per
 * channel what became of the last RECENT_DELIVERY_DAYS days' messages: sent, failed, pending, expired;
 * under WhatsApp, today's use of its daily messaging limit when the server tells it and the templates that can arrive
 * late; under email and WhatsApp,
 * their sign-up budget once half of it is used.
 */
export function DeliveryChannelsCard() {
  const { t } = useTranslation('delivery');
  const { t: common } = useTranslation('common');
  const isMobile = useIsMobile();
  const channels = useDeliveryChannels();

  let body: ReactNode;
  if (channels.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  } else if (channels.isError && !channels.data) {
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('channels.loadFailed')}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void channels.refetch()}>
            {common('retry')}
          </Button>
        }
      />
    );
  } else {
    const {
      channels: states,
      recent,
      whatsappDaily,
      whatsappLateTemplates = [],
      pauses = [],
      switches = [],
      signupBudgets = [],
    } = channels.data;
    const allOff = switches.some((s) => s.scope === 'all');
    body = (
      <Flex vertical gap={8}>
        <DeliverySwitchPanel switches={switches} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="delivery-channels-recent">
          {t('channels.recent', { days: RECENT_DELIVERY_DAYS })}
        </Typography.Text>
        <Flex vertical gap={10} component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {SUBSCRIBER_CHANNELS.map((channel) => {
            const state = states.find((s) => s.channel === channel);
            if (!state) return null;
            // a pause is told on a channel that is on (one turned off since keeps its row until resumed)
            const pause = pauses.find((p) => p.channel === channel);
            const pausedOn = pause && state.enabled;
            // switched off by a superadmin (the banner says why): every channel, or this one
            const switchedOff = state.enabled && (allOff || switches.some((s) => s.scope === channel));
            const counts = recent[channel];
            const budget = signupBudgets.find((b) => b.channel === channel);
            // An off channel that sent nothing shows only why it is off.
            const showCounts =
              counts && (state.enabled || counts.sent + counts.failed + counts.pending + counts.expired > 0);
            return (
              <li key={channel} data-testid={`delivery-channel-${channel}`}>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong>{t(`channel.${channel}`)}</Typography.Text>
                  <Tag
                    color={switchedOff ? 'red' : pausedOn ? 'orange' : state.enabled ? 'green' : 'default'}
                    style={{ marginInlineEnd: 0 }}
                  >
                    {switchedOff || pausedOn
                      ? t('channels.paused')
                      : state.enabled
                        ? t('channels.on')
                        : t('status.off')}
                  </Tag>
                </Flex>
                {showCounts && (
                  <Flex
                    role="group"
                    aria-label={t('status.counts', { channel: t(`channel.${channel}`), ...counts })}
                    gap={6}
                    wrap
                    style={{ fontSize: 12, lineHeight: '20px' }}
                  >
                    <DeliveryCount kind="sent" value={counts.sent} />
                    <DeliveryCount kind="failed" value={counts.failed} />
                    <DeliveryCount kind="pending" value={counts.pending} />
                    <DeliveryCount kind="expired" value={counts.expired} />
                  </Flex>
                )}
                {pause && <ChannelPause pause={pause} />}
                {channel === 'whatsapp' && whatsappDaily && <WhatsAppToday daily={whatsappDaily} />}
                {channel === 'whatsapp' && whatsappLateTemplates.length > 0 && (
                  <WhatsAppLateTemplates templates={whatsappLateTemplates} />
                )}
                {budget && <SignupBudget budget={budget} />}
                {!state.enabled && state.reason && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {channelOffReason(t, state)}
                  </Typography.Text>
                )}
              </li>
            );
          })}
        </Flex>
      </Flex>
    );
  }

  return (
    <Card
      data-testid="delivery-channels-card"
      size={isMobile ? 'small' : 'default'}
      title={t('channels.title')}
      style={{ width: '100%' }}
    >
      {body}
    </Card>
  );
}
