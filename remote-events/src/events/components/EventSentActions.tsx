import { type DeliveryStatusQuery, WithdrawnNote } from '@ummahnotify/client/section';
import type { EventJson } from '@ummahnotify/domain';
import { Flex } from 'antd';
import { EventCorrectionButton } from './EventCorrectionButton';
import { EventWithdrawButton } from './EventWithdrawButton';

/**
 * Under a published event's delivery counts: "Send correction" (once its broadcast exists) and "Withdraw";
 * a withdrawn event says so, with its reason, instead (it is final: the server refuses any change but Delete).
 */
export function EventSentActions({ event, status }: { event: EventJson; status: DeliveryStatusQuery }) {
  if (event.withdrawnAt) return <WithdrawnNote ns="events" reason={event.withdrawnReason ?? ''} />;
  if (!event.published) return null;
  return (
    <Flex gap={8} wrap style={{ marginTop: 4 }}>
      <EventCorrectionButton event={event} status={status} />
      <EventWithdrawButton event={event} />
    </Flex>
  );
}
