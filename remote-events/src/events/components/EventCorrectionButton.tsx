import { CorrectionButton, type DeliveryStatusQuery } from '@ummahnotify/client/section';
import { EVENT_PATHS, type EventJson } from '@ummahnotify/domain';

/**
 * "Send correction" (docs/product/delivery.md#what-is-sent) of a published event whose broadcast exists, as for a sent janaza notice:
 * asks first, then sends the event as it is now, marked as a correction, to everyone it reached.
 */
export function EventCorrectionButton({ event, status }: { event: EventJson; status: DeliveryStatusQuery }) {
  const broadcast = status.data?.items[event._id]?.some((s) => s.number === 0) ?? false;
  if (!event.published || !broadcast) return null;
  return (
    <CorrectionButton kind="events" path={EVENT_PATHS.correction(event._id)} itemName={event.heading} ns="events" />
  );
}
