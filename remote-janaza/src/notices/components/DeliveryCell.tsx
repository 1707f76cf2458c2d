import { SendOutlined } from '@ant-design/icons';
import { useToast } from '@ummahnotify/shared/client';
import {
  DeliveryStatus,
  type DeliveryStatusQuery,
  readApiProblem,
  useSectionText,
} from '@ummahnotify/shared/client/section';
import type { JanazaNotice } from '@ummahnotify/shared/domain';
import { App, Button, Flex } from 'antd';
import { useSendCorrection } from '../hooks/useSendCorrection';

/** The notice's delivery counts and, once its broadcast exists, the deliberate 'Send correction'. */
export function DeliveryCell({ notice, status }: { notice: JanazaNotice; status: DeliveryStatusQuery }) {
  const broadcast = status.data?.items[notice._id]?.some((s) => s.number === 0) ?? false;
  return (
    <Flex vertical gap={8} align="flex-start">
      <DeliveryStatus id={notice._id} status={status} />
      {broadcast && <CorrectionButton notice={notice} />}
    </Flex>
  );
}

function CorrectionButton({ notice }: { notice: JanazaNotice }) {
  const { t, problemText } = useSectionText('delivery');
  const { modal } = App.useApp();
  const toast = useToast();
  const correction = useSendCorrection();

  const send = () =>
    correction
      .mutateAsync(notice._id)
      .then(() => toast.success(t('correction.sent')))
      .catch((error: unknown) => {
        const problem = readApiProblem(error);
        const reason = problemText(problem);
        toast.error(
          <>
            {t('correction.failed')}
            {problem.kind === 'refused' && reason ? <div>{reason}</div> : null}
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
      aria-label={`${t('correction.button')} (${notice.name})`}
    >
      {t('correction.button')}
    </Button>
  );
}
