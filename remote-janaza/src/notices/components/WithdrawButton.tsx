import { CloseCircleOutlined } from '@ant-design/icons';
import { useToast } from '@ummahnotify/client';
import { fieldRule, readApiProblem, useSectionText } from '@ummahnotify/client/section';
import { type JanazaNotice, janazaWithdrawalSchema } from '@ummahnotify/domain';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useWithdrawJanaza } from '../hooks/queries';

const reasonRule = janazaWithdrawalSchema.shape.reason;

/**
 * "Withdraw" of a sent notice (docs/product/rules.md#withdrawing-a-sent-notice): a confirmation that says what
 * happens, with the reason staff must give; the server tells everyone the notice reached that it is cancelled.
 */
export function WithdrawButton({ notice }: { notice: JanazaNotice }) {
  const { t, problemText, schemaText } = useSectionText('janaza');
  const toast = useToast();
  const withdraw = useWithdrawJanaza();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const submit = async () => {
    // A missing reason is shown under the field: nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    try {
      await withdraw.mutateAsync({ id: notice._id, reason });
      setOpen(false);
      form.resetFields();
      toast.success(t('withdraw.done'));
    } catch (error) {
      const reason = problemText(readApiProblem(error));
      toast.error(
        <>
          {t('withdraw.failed')}
          {reason ? <div>{reason}</div> : null}
        </>,
      );
    }
  };

  return (
    <>
      <Button
        size="small"
        danger
        icon={<CloseCircleOutlined />}
        onClick={() => setOpen(true)}
        aria-label={`${t('withdraw.button')} (${notice.name})`}
      >
        {t('withdraw.button')}
      </Button>
      <Modal
        open={open}
        title={t('withdraw.title')}
        okText={t('withdraw.ok')}
        cancelText={t('withdraw.cancel')}
        okButtonProps={{ danger: true, loading: withdraw.isPending }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('withdraw.explain')}</Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="reason" label={t('withdraw.reason')} rules={[fieldRule(reasonRule, schemaText)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
