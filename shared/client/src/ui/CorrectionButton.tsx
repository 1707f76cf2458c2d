import { SendOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryKind } from '@ummahnotify/domain';
import { App, Button } from 'antd';
import type { CSSProperties } from 'react';
import { api } from '../api';
import { readApiProblem } from '../kit/apiProblem';
import { useSectionText } from '../kit/useSectionText';
import { refreshDeliveryStatus } from './useDeliveryStatus';
import { useToast } from './useToast';

export interface CorrectionButtonProps {
  kind: DeliveryKind;
  /** The section's correction route for this item. */
  path: string;
  /** What the item is called on screen (a notice's name, an event's heading), for the button's label. */
  itemName: string;
  /** The catalogue holding the `correction.*` texts (the confirmation names a notice or an event). */
  ns: 'delivery' | 'events';
  style?: CSSProperties;
}

/**
 * "Send correction" of a sent notice or event: asks first, then POSTs the correction (202); the
 * delivery counts are looked at again either way, and a refusal's reason is shown under the toast.
 */
export function CorrectionButton({ kind, path, itemName, ns, style }: CorrectionButtonProps) {
  const { t, problemText } = useSectionText(ns);
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const correction = useMutation({
    mutationFn: () => api.post(path),
    onSettled: () => refreshDeliveryStatus(queryClient, kind),
  });

  const send = () =>
    correction
      .mutateAsync()
      .then(() => toast.success(t('correction.sent')))
      .catch((error: unknown) => {
        const problem = readApiProblem(error);
        const reason = problem.kind === 'refused' ? problemText(problem) : undefined;
        toast.error(
          <>
            {t('correction.failed')}
            {reason ? <div>{reason}</div> : null}
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
      aria-label={`${t('correction.button')} (${itemName})`}
      style={style}
    >
      {t('correction.button')}
    </Button>
  );
}
