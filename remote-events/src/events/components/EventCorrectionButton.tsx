import { SendOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, useToast } from '@ummahnotify/shared/client';
import {
  type DeliveryStatusQuery,
  readApiProblem,
  refreshDeliveryStatus,
  useSectionText,
} from '@ummahnotify/shared/client/section';
import { EVENT_PATHS, type EventJson } from '@ummahnotify/shared/domain';
import { App, Button } from 'antd';

/** POST the correction (202 {code, data: {number}}); the delivery counts are looked at again either way. */
function useSendEventCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { data } = await api.post<{ code: number; data?: { number?: number } }>(EVENT_PATHS.correction(id));
      return data?.data?.number;
    },
    onSettled: () => refreshDeliveryStatus(queryClient, 'events'),
  });
}

/**
 * Issue 15: "Send correction" of a published event whose broadcast exists, as for a sent janaza notice:
 * asks first, then sends the event as it is now, marked as a correction, to everyone it reached.
 */
export function EventCorrectionButton({ event, status }: { event: EventJson; status: DeliveryStatusQuery }) {
  const { t, problemText } = useSectionText('events');
  const { modal } = App.useApp();
  const toast = useToast();
  const correction = useSendEventCorrection();
  const broadcast = status.data?.items[event._id]?.some((s) => s.number === 0) ?? false;
  if (!event.published || !broadcast) return null;

  const send = () =>
    correction
      .mutateAsync(event._id)
      .then(() => toast.success(t('correction.sent')))
      .catch((error: unknown) => {
        const refusal = readApiProblem(error);
        toast.error(
          <>
            {t('correction.failed')}
            {refusal.kind === 'refused' ? <div>{problemText(refusal)}</div> : null}
          </>,
        );
      });

  const confirm = () =>
    modal.confirm({
      title: t('correction.button'),
      content: t('correction.confirm'),
      okText: t('correction.ok'),
      cancelText: t('correction.cancel'),
      onOk: send,
    });

  return (
    <Button
      size="small"
      icon={<SendOutlined />}
      loading={correction.isPending}
      onClick={confirm}
      aria-label={`${t('correction.button')} (${event.heading})`}
      style={{ alignSelf: 'flex-start', marginTop: 4 }}
    >
      {t('correction.button')}
    </Button>
  );
}
