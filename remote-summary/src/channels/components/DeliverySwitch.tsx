import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readApiProblem, useToast } from '@ummahnotify/client';
import { refreshDeliveryStatus, useSectionText } from '@ummahnotify/client/section';
import { formatUpdatedAt, SUBSCRIBER_CHANNELS } from '@ummahnotify/core';
import { DELIVERY_SCOPES, type DeliveryScope, type DeliverySwitch, SWITCH_REASON_MAX } from '@ummahnotify/domain';
import { Alert, Button, Flex, Form, Input, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { DELIVERY_CHANNELS_QUERY_KEY, pauseDelivery, resumeDelivery } from '../api';
import { WaitingSendings } from './WaitingSendings';

type Text = ReturnType<typeof useSectionText<'delivery'>>;

/** "All channels", "Telegram": what a switch covers, in the reader's language. */
const scopeName = (t: Text['t'], scope: DeliveryScope) =>
  scope === 'all' ? t('switch.scopeAll') : t(`channel.${scope}`);

/** The card and every list's delivery status are read again after a change, whatever its answer. */
function useSwitchChange<A>(change: (args: A) => Promise<boolean>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DELIVERY_CHANNELS_QUERY_KEY }),
        refreshDeliveryStatus(queryClient),
      ]),
  });
}

/** A failed change: "Could not change delivery." and the server's reason when it gave one. */
function useFailureToast() {
  const { t, problemText } = useSectionText('delivery');
  const toast = useToast();
  return (error: unknown) => {
    const problem = readApiProblem(error);
    const reason = problem.kind === 'refused' ? problemText(problem) : undefined;
    toast.error(
      <>
        {t('switch.failed')}
        {reason ? <div>{reason}</div> : null}
      </>,
    );
  };
}

/** One switched-off scope: what, why, who, since when, and its "Resume" (asked first). */
function SwitchLine({ entry }: { entry: DeliverySwitch }) {
  const { t, i18n } = useSectionText('delivery');
  const toast = useToast();
  const failed = useFailureToast();
  const resume = useSwitchChange(resumeDelivery);
  const scope = scopeName(t, entry.scope);
  const run = () =>
    resume
      .mutateAsync(entry.scope)
      .then((changed) =>
        changed ? toast.success(t('switch.resumed', { scope })) : toast.info(t('switch.notPaused', { scope })),
      )
      .catch(failed);
  return (
    <Flex
      component="li"
      justify="space-between"
      align="center"
      gap={8}
      wrap
      data-testid={`delivery-switch-${entry.scope}`}
    >
      <Typography.Text style={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
        {t('switch.line', {
          scope,
          reason: entry.reason,
          by: entry.by ?? t('switch.byServer'),
          time: formatUpdatedAt(entry.since, i18n.language),
        })}
      </Typography.Text>
      <Popconfirm
        title={t('switch.resumeOne', { scope })}
        description={t('switch.resumeConfirm', { scope })}
        okText={t('pause.resume')}
        cancelText={t('correction.cancel')}
        onConfirm={run}
        okButtonProps={{ loading: resume.isPending }}
      >
        <Button size="small" loading={resume.isPending} aria-label={t('switch.resumeOne', { scope })}>
          {t('pause.resume')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/**
 * The banner while a superadmin (or DELIVERY_PAUSED at start) has switched delivery off: on what, why, by whom
 * and since when, each with "Resume"; and that the paused time still counts against a janaza's prayer time.
 */
function SwitchBanner({ switches }: { switches: DeliverySwitch[] }) {
  const { t } = useSectionText('delivery');
  const all = switches.some((s) => s.scope === 'all');
  const title = all
    ? t('switch.bannerAll')
    : t('switch.bannerSome', { channels: switches.map((s) => scopeName(t, s.scope)).join(', ') });
  return (
    <Alert
      type="error"
      // no icon: the card is a narrow column at every width, and the red box says enough
      data-testid="delivery-switch-banner"
      title={<strong>{title}</strong>}
      description={
        <Flex vertical gap={8}>
          <Flex vertical gap={6} component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {switches.map((s) => (
              <SwitchLine key={s.scope} entry={s} />
            ))}
          </Flex>
          <Typography.Text data-testid="delivery-switch-janaza-note">{t('switch.janazaNote')}</Typography.Text>
          {/* every channel off (a restore, maintenance): what would go out on resume, each with "Discard" */}
          {all && <WaitingSendings />}
        </Flex>
      }
    />
  );
}

/** "Pause delivery…": which channels (all, or one still running) and why (required), then "Pause". */
function PauseForm({ switches }: { switches: DeliverySwitch[] }) {
  const { t } = useSectionText('delivery');
  const toast = useToast();
  const failed = useFailureToast();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ scope: DeliveryScope; reason: string }>();
  const pause = useSwitchChange(({ scope, reason }: { scope: DeliveryScope; reason: string }) =>
    pauseDelivery(scope, reason),
  );
  const off = new Set(switches.map((s) => s.scope));
  const scopes = DELIVERY_SCOPES.filter((s) => !off.has(s) && (s === 'all' || SUBSCRIBER_CHANNELS.includes(s)));
  if (off.has('all')) return null;
  if (!open)
    return (
      <Button
        onClick={() => setOpen(true)}
        // the Tamil label is wider than a 320 px card: it wraps rather than spill out
        style={{
          alignSelf: 'flex-start',
          maxWidth: '100%',
          height: 'auto',
          minHeight: 'var(--ant-control-height)',
          whiteSpace: 'normal',
          textAlign: 'start',
        }}
      >
        {t('switch.open')}
      </Button>
    );
  const submit = ({ scope, reason }: { scope: DeliveryScope; reason: string }) => {
    const name = scopeName(t, scope);
    return pause
      .mutateAsync({ scope, reason: reason.trim() })
      .then((changed) => {
        if (changed) toast.success(t('switch.paused', { scope: name }));
        else toast.info(t('switch.alreadyPaused', { scope: name }));
        form.resetFields();
        setOpen(false);
      })
      .catch(failed);
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ scope: 'all', reason: '' }}
      onFinish={submit}
      data-testid="delivery-switch-form"
      style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}
    >
      <Form.Item name="scope" label={t('switch.scope')} style={{ marginBottom: 12 }}>
        <Select options={scopes.map((s) => ({ value: s, label: scopeName(t, s) }))} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('switch.reason')}
        rules={[{ required: true, whitespace: true, message: t('switch.reasonRequired') }]}
        style={{ marginBottom: 12 }}
      >
        <Input.TextArea
          autoFocus
          rows={2}
          maxLength={SWITCH_REASON_MAX}
          showCount
          placeholder={t('switch.reasonPlaceholder')}
        />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" danger htmlType="submit" loading={pause.isPending}>
          {t('switch.pause')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            setOpen(false);
          }}
        >
          {t('correction.cancel')}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * The delivery switch on the channels card (superadmin: the summary is theirs alone, and the server checks it):
 * the banner while delivery is off, and the form that switches it off.
 */
export function DeliverySwitchPanel({ switches }: { switches: DeliverySwitch[] }) {
  return (
    <Flex vertical gap={8}>
      {switches.length > 0 && <SwitchBanner switches={switches} />}
      <PauseForm switches={switches} />
    </Flex>
  );
}
