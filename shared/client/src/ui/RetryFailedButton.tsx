import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELIVERY_API, type DeliveryKind, retryResponseSchema } from '@ummahnotify/domain';
import { Button, Popconfirm } from 'antd';
import { api } from '../api';
import { readApiProblem } from '../kit/apiProblem';
import { useSectionText } from '../kit/useSectionText';
import { WRAPPING_BUTTON } from './styles';
import { refreshDeliveryStatus } from './useDeliveryStatus';
import { useToast } from './useToast';

export interface RetryFailedButtonProps {
  kind: DeliveryKind;
  /** The notice's or event's id. */
  id: string;
  /** The sending whose failed messages go again (0: the broadcast). */
  number: number;
  /** How many of its messages failed, for the button's accessible name. */
  failed: number;
}

/**
 * A superadmin's "Retry failed" of one sending: asks first (the cause must be gone, or they fail again), then
 * sends the failed messages again to everyone still subscribed; says how many went back, or why it could not,
 * and looks at the delivery counts again either way.
 */
export function RetryFailedButton({ kind, id, number, failed }: RetryFailedButtonProps) {
  const { t, problemText } = useSectionText('delivery');
  const toast = useToast();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: async () => {
      const { data } = await api.post(DELIVERY_API.retry, { kind, id, number });
      return retryResponseSchema.parse(data).data.retried;
    },
    onSettled: () => refreshDeliveryStatus(queryClient, kind),
  });

  const run = () =>
    retry
      .mutateAsync()
      .then((retried) =>
        retried > 0
          ? toast.success(t('retry.done', { count: retried.toLocaleString('en-SG') }))
          : toast.info(t('retry.none')),
      )
      .catch((error: unknown) => {
        const problem = readApiProblem(error);
        const reason = problem.kind === 'refused' ? problemText(problem) : undefined;
        toast.error(
          <>
            {t('retry.failed')}
            {reason ? <div>{reason}</div> : null}
          </>,
        );
      });

  return (
    <Popconfirm
      title={t('retry.button')}
      description={t('retry.confirm')}
      okText={t('retry.ok')}
      cancelText={t('correction.cancel')}
      onConfirm={run}
      okButtonProps={{ loading: retry.isPending }}
    >
      <Button
        size="small"
        danger
        icon={<ReloadOutlined />}
        loading={retry.isPending}
        data-testid="retry-failed"
        // a long Tamil label wraps inside a phone's card rather than running past it
        style={{ ...WRAPPING_BUTTON, textAlign: 'start' }}
        aria-label={`${t('retry.button')} (${t('status.failed')}: ${failed.toLocaleString('en-SG')})`}
      >
        {t('retry.button')}
      </Button>
    </Popconfirm>
  );
}
