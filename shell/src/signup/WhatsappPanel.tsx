import { SIGNUP_API, sgPhoneSchema, whatsappConfirmSchema } from '@ummahnotify/shared/domain';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { type Choice, post } from './api';
import { type Outcome, OutcomeAlert } from './Outcome';
import { useSignupText } from './useSignupText';

/** WhatsApp: an 8-digit Singapore number (+65 fixed), then the 6-digit code the server sent there. */
export function WhatsappPanel({ choice }: { choice: () => Choice | null }) {
  const { t, failureText, firstProblem } = useSignupText();
  const [digits, setDigits] = useState('');
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [done, setDone] = useState(false);

  async function call(action: () => Promise<void>) {
    setBusy(true);
    setOutcome(null);
    try {
      await action();
    } catch (error) {
      setOutcome({ type: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  async function sendCode() {
    const chosen = choice();
    const parsed = sgPhoneSchema.safeParse(digits);
    setProblem(firstProblem(parsed));
    if (!chosen || !parsed.success) return;
    await call(async () => {
      await post(SIGNUP_API.whatsapp, { phone: parsed.data, ...chosen });
      setPhone(parsed.data);
      setCode('');
      setOutcome({ type: 'info', text: t('whatsappCodeSent', { phone: parsed.data }) });
    });
  }

  async function confirm() {
    if (!phone) return;
    const parsed = whatsappConfirmSchema.shape.code.safeParse(code);
    setProblem(firstProblem(parsed));
    if (!parsed.success) return;
    await call(async () => {
      await post(SIGNUP_API.whatsappConfirm, { phone, code: parsed.data });
      setDone(true);
      setOutcome({ type: 'success', text: t('whatsappDone', { phone }) });
    });
  }

  function otherNumber() {
    setPhone(null);
    setDone(false);
    setProblem(null);
    setOutcome(null);
  }

  const field = (label: string, id: string, input: ReactNode) => (
    <Form.Item label={label} htmlFor={id} validateStatus={problem ? 'error' : undefined} help={problem ?? undefined}>
      {input}
    </Form.Item>
  );

  return (
    <Form layout="vertical" requiredMark={false} onFinish={phone ? confirm : sendCode}>
      <Typography.Paragraph>{t('whatsappIntro')}</Typography.Paragraph>
      {!phone &&
        field(
          t('whatsappPhoneLabel'),
          'signup-phone',
          <Input
            id="signup-phone"
            addonBefore="+65"
            inputMode="numeric"
            autoComplete="tel-national"
            size="large"
            maxLength={9}
            placeholder="8123 4567"
            value={digits}
            onChange={(e) => setDigits(e.target.value)}
          />,
        )}
      {phone &&
        !done &&
        field(
          t('whatsappCodeLabel'),
          'signup-code',
          <Input
            id="signup-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            size="large"
            maxLength={6}
            style={{ maxWidth: 200, letterSpacing: 4 }}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />,
        )}
      <Flex gap={8} wrap style={{ marginBottom: outcome ? 12 : 0 }}>
        {!done && (
          <Button type="primary" size="large" htmlType="submit" loading={busy}>
            {phone ? t('whatsappConfirm') : t('whatsappSendCode')}
          </Button>
        )}
        {phone && (
          <Button size="large" type={done ? 'default' : 'link'} disabled={busy} onClick={otherNumber}>
            {t('whatsappOtherNumber')}
          </Button>
        )}
      </Flex>
      <OutcomeAlert outcome={outcome} />
    </Form>
  );
}
