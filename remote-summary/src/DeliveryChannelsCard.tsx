import { ReloadOutlined } from '@ant-design/icons';
import { useIsMobile } from '@ummahnotify/shared/client';
import { SUBSCRIBER_CHANNELS } from '@ummahnotify/shared/domain';
import { Alert, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeliveryChannels } from './useDeliveryChannels';

/** Which channels the delivery engine sends on; an unconfigured one is off, with the reason. */
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
    const states = channels.data;
    body = (
      <Flex vertical gap={10} component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {SUBSCRIBER_CHANNELS.map((channel) => {
          const state = states.find((s) => s.channel === channel);
          if (!state) return null;
          return (
            <li key={channel} data-testid={`delivery-channel-${channel}`}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong>{t(`channel.${channel}`)}</Typography.Text>
                <Tag color={state.enabled ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
                  {state.enabled ? t('channels.on') : t('status.off')}
                </Tag>
              </Flex>
              {!state.enabled && state.reason && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {state.reason}
                </Typography.Text>
              )}
            </li>
          );
        })}
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
