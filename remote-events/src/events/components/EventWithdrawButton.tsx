import { WithdrawButton } from '@ummahnotify/client/section';
import { type EventJson, eventWithdrawalSchema } from '@ummahnotify/domain';
import { useWithdrawEvent } from '../hooks';

/** "Withdraw" of a published event (docs/product/rules.md#event), with the events section's words. */
export function EventWithdrawButton({ event }: { event: EventJson }) {
  const withdraw = useWithdrawEvent();
  return (
    <WithdrawButton
      ns="events"
      itemName={event.heading}
      reasonRule={eventWithdrawalSchema.shape.reason}
      withdraw={(reason) => withdraw.mutateAsync({ id: event._id, reason })}
      pending={withdraw.isPending}
    />
  );
}
