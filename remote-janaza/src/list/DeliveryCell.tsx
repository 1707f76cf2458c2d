import { SendOutlined } from '@ant-design/icons';
import { useToast } from '@ummahnotify/shared/client';
import { DeliveryStatus, type DeliveryStatusQuery } from '@ummahnotify/shared/client/section';
import { catalogues, type JanazaNotice } from '@ummahnotify/shared/domain';
import { App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { callProblem } from '../api/errors';
import { useSendCorrection } from './useSendCorrection';

/** The server's refusals are English texts of the delivery catalogue: shown in the chosen language. */
const KEY_OF_ENGLISH = new Map(Object.entries(catalogues.delivery.en).map(([key, english]) => [english, key]));

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
  const { t } = useTranslation('delivery');
  const { modal } = App.useApp();
  const toast = useToast();
  const correction = useSendCorrection();

  const send = () =>
    correction
      .mutateAsync(notice._id)
      .then(() => toast.success(t('correction.sent')))
      .catch((error: unknown) => {
        const problem = callProblem(error);
        const reason =
          problem.message &&
          (KEY_OF_ENGLISH.has(problem.message) ? t(KEY_OF_ENGLISH.get(problem.message) as string) : problem.message);
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
