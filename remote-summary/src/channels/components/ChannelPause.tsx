import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readApiProblem, useToast } from '@ummahnotify/client';
import { pauseText, refreshDeliveryStatus, useSectionText } from '@ummahnotify/client/section';
import type { ChannelPauseView } from '@ummahnotify/domain';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { DELIVERY_CHANNELS_QUERY_KEY, resumeDeliveryChannel } from '../api';

/**
 * A channel paused because the provider refused our account: why, in the provider's words and code ("WhatsApp
 * paused: template paused by Meta (132015)"), when it is tried again, and "Resume" (asked first) for when the
 * cause is mended; the channels and the delivery counts are looked at again either way.
 */
export function ChannelPause({ pause }: { pause: ChannelPauseView }) {
  const { t, problemText } = useSectionText('delivery');
  const toast = useToast();
  const queryClient = useQueryClient();
  const channel = t(`channel.${pause.channel}`);
  const resume = useMutation({
    mutationFn: () => resumeDeliveryChannel(pause.channel),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DELIVERY_CHANNELS_QUERY_KEY }),
        refreshDeliveryStatus(queryClient),
      ]),
  });
  const run = () =>
    resume
      .mutateAsync()
      .then((resumed) =>
        resumed ? toast.success(t('pause.resumed', { channel })) : toast.info(t('pause.notPaused', { channel })),
      )
      .catch((error: unknown) => {
        const problem = readApiProblem(error);
        const reason = problem.kind === 'refused' ? problemText(problem) : undefined;
        toast.error(
          <>
            {t('pause.resumeFailed', { channel })}
            {reason ? <div>{reason}</div> : null}
          </>,
        );
      });
  const { line, next } = pauseText(t, pause);

  return (
    <Flex vertical gap={4} align="flex-start" data-testid={`channel-pause-${pause.channel}`}>
      <Typography.Text role="status" title={t('pause.help')} style={{ fontSize: 12, color: '#ad6800' }}>
        {line}
        <br />
        {next}
      </Typography.Text>
      <Popconfirm
        title={t('pause.resume')}
        description={t('pause.resumeConfirm', { channel })}
        okText={t('pause.resume')}
        cancelText={t('correction.cancel')}
        onConfirm={run}
        okButtonProps={{ loading: resume.isPending }}
      >
        <Button size="small" loading={resume.isPending} aria-label={`${t('pause.resume')} (${channel})`}>
          {t('pause.resume')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
