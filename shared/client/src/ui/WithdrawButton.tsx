import { CloseCircleOutlined } from '@ant-design/icons';
import { WITHDRAWAL_REASON_MAX_LENGTH } from '@ummahnotify/domain';
import { Button, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { readApiProblem } from '../kit/apiProblem';
import { useSectionText } from '../kit/useSectionText';
import { fieldRule } from '../kit/zodRule';
import { WRAPPING_BUTTON } from './styles';
import { useToast } from './useToast';

export interface WithdrawButtonProps {
  /** The catalogue holding the `withdraw.*` texts (they name a notice or an event). */
  ns: 'janaza' | 'events';
  /** What the item is called on screen (a notice's name, an event's heading), for the button's label. */
  itemName: string;
  /** The section's reason schema (its own words for a missing or long reason). */
  reasonRule: z.ZodType;
  /** Sends the withdrawal; rejects with the API's error. */
  withdraw: (reason: string) => Promise<unknown>;
  pending: boolean;
}

/**
 * "Withdraw" of a sent notice or a published event (docs/product/rules.md): a dialog that says what happens and asks
 * for the reason staff must give; the server tells everyone the item reached that it is cancelled.
 */
export function WithdrawButton({ ns, itemName, reasonRule, withdraw, pending }: WithdrawButtonProps) {
  const { t, problemText, schemaText } = useSectionText(ns);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const submit = async () => {
    // A missing reason is shown under the field: nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await withdraw(values.reason);
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
        aria-label={`${t('withdraw.button')} (${itemName})`}
      >
        {t('withdraw.button')}
      </Button>
      <Modal
        open={open}
        title={t('withdraw.title')}
        okText={t('withdraw.ok')}
        cancelText={t('withdraw.cancel')}
        okButtonProps={{ danger: true, loading: pending, style: WRAPPING_BUTTON }}
        cancelButtonProps={{ style: WRAPPING_BUTTON }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('withdraw.explain')}</Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="reason" label={t('withdraw.reason')} rules={[fieldRule(reasonRule, schemaText)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={WITHDRAWAL_REASON_MAX_LENGTH} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** A withdrawn item's mark in a list: the red tag, and the reason staff gave. */
export function WithdrawnNote({ ns, reason }: { ns: 'janaza' | 'events'; reason: string }) {
  const { t } = useSectionText(ns);
  return (
    <Typography.Text type="danger">
      <Tag color="red" style={{ marginInlineEnd: 6 }}>
        {t('withdrawn')}
      </Tag>
      {reason}
    </Typography.Text>
  );
}
