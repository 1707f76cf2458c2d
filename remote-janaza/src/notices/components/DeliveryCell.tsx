import { CorrectionButton, DeliveryStatus, type DeliveryStatusQuery, WithdrawnNote } from '@ummahnotify/client/section';
import { DELIVERY_API, type JanazaNotice } from '@ummahnotify/domain';
import { Flex } from 'antd';
import { WithdrawButton } from './WithdrawButton';

/**
 * The notice's delivery counts and, once its broadcast exists, the deliberate 'Send correction' and 'Withdraw';
 * a withdrawn notice says so, with its reason, instead.
 */
export function DeliveryCell({ notice, status }: { notice: JanazaNotice; status: DeliveryStatusQuery }) {
  const broadcast = status.data?.items[notice._id]?.some((s) => s.number === 0) ?? false;
  return (
    <Flex vertical gap={8} align="flex-start">
      <DeliveryStatus id={notice._id} status={status} kind="janaza" />
      {notice.withdrawnAt ? (
        <WithdrawnNote ns="janaza" reason={notice.withdrawnReason ?? ''} />
      ) : (
        broadcast && (
          <Flex gap={8} wrap>
            <CorrectionButton
              kind="janaza"
              path={DELIVERY_API.janazaCorrection(notice._id)}
              itemName={notice.name}
              ns="delivery"
            />
            {notice.status === 'approved' && <WithdrawButton notice={notice} />}
          </Flex>
        )
      )}
    </Flex>
  );
}
