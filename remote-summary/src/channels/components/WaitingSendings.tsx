import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readApiProblem, useToast } from '@ummahnotify/client';
import { refreshDeliveryStatus, useSectionText } from '@ummahnotify/client/section';
import { formatUpdatedAt } from '@ummahnotify/core';
import type { WaitingSending } from '@ummahnotify/domain';
import { Alert, Button, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import {
  DELIVERY_CHANNELS_QUERY_KEY,
  discardWaitingSending,
  fetchWaitingSendings,
  WAITING_SENDINGS_QUERY_KEY,
} from '../api';

const number = (n: number) => n.toLocaleString('en-SG');

function WaitingRow({ sending }: { sending: WaitingSending }) {
  const { t, i18n, problemText } = useSectionText('delivery');
  const toast = useToast();
  const queryClient = useQueryClient();
  const count = sending.notListed ? t('waiting.notListed') : t('waiting.count', { count: number(sending.waiting) });
  const discard = useMutation({
    mutationFn: () => discardWaitingSending({ kind: sending.kind, id: sending.id, number: sending.number }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WAITING_SENDINGS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DELIVERY_CHANNELS_QUERY_KEY }),
        refreshDeliveryStatus(queryClient),
      ]),
  });
  const run = () =>
    discard
      .mutateAsync()
      .then((n) => toast.success(t('waiting.discarded', { count: number(n) })))
      .catch((error: unknown) => {
        const problem = readApiProblem(error);
        toast.error(
          <>
            {t('waiting.discardFailed')}
            {problem.kind === 'refused' ? <div>{problemText(problem)}</div> : null}
          </>,
        );
      });
  return (
    <Flex component="li" justify="space-between" align="center" gap={8} wrap data-testid="waiting-sending">
      <Flex vertical style={{ minWidth: 0, flex: '1 1 180px' }}>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
          {t(`waiting.kind.${sending.kind}`)}: {sending.title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {count} · {t('waiting.sentAt', { time: formatUpdatedAt(sending.createdAt, i18n.language) })}
          {sending.deadline && (
            <> · {t('waiting.deadline', { time: formatUpdatedAt(sending.deadline, i18n.language) })}</>
          )}
        </Typography.Text>
      </Flex>
      <Popconfirm
        title={t('waiting.discard')}
        description={t('waiting.discardConfirm', { title: sending.title })}
        okText={t('waiting.discard')}
        okButtonProps={{ danger: true, loading: discard.isPending }}
        cancelText={t('correction.cancel')}
        onConfirm={run}
      >
        <Button
          size="small"
          danger
          loading={discard.isPending}
          aria-label={`${t('waiting.discard')}: ${sending.title}`}
        >
          {t('waiting.discard')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/**
 * While delivery is switched off for every channel (after a restore, or for maintenance): each sending with
 * messages waiting, what would go out on resume, with "Discard" for one the old server already sent
 * (docs/operations.md#restoring).
 */
export function WaitingSendings() {
  const { t } = useSectionText('delivery');
  const waiting = useQuery({
    queryKey: WAITING_SENDINGS_QUERY_KEY,
    queryFn: ({ signal }) => fetchWaitingSendings(signal),
  });
  let body: React.ReactNode;
  if (waiting.isPending) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (waiting.isError) body = <Alert type="warning" showIcon title={t('waiting.loadFailed')} />;
  else if (waiting.data.length === 0) body = <Typography.Text type="secondary">{t('waiting.none')}</Typography.Text>;
  else
    body = (
      <Flex vertical gap={8} component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {waiting.data.map((s) => (
          <WaitingRow key={`${s.kind}-${s.id}-${s.number}`} sending={s} />
        ))}
      </Flex>
    );
  return (
    <Flex vertical gap={6} data-testid="waiting-sendings">
      <Typography.Text strong>{t('waiting.title')}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('waiting.help')}
      </Typography.Text>
      {body}
    </Flex>
  );
}
