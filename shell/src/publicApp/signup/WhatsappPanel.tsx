import { SIGNUP_API } from '@ummahnotify/core';
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/Button';
import { Flex } from '../ui/Flex';
import { Form, FormItem } from '../ui/Form';
import { Input } from '../ui/Input';
import { Paragraph } from '../ui/Typography';
import { type Choice, post } from './api';
import { OutcomeAlert, ProvingStatus } from './Outcome';
import { useSignupAction } from './useSignupText';

/** WhatsApp: an 8-digit Singapore number (+65 fixed), then the 6-digit code the server sent there. */
export function WhatsappPanel({ choice }: { choice: () => Choice | null }) {
  const { t, busy, proving, prove, outcome, setOutcome, act } = useSignupAction();
  const [digits, setDigits] = useState('');
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function sendCode() {
    const chosen = choice();
    await act((check) => {
      const parsed = check.sgPhoneSchema.safeParse(digits);
      setProblem(check.firstProblem(parsed));
      if (!chosen || !parsed.success) return null;
      return async () => {
        await post(SIGNUP_API.whatsapp, { phone: parsed.data, ...chosen, altcha: await prove() });
        setPhone(parsed.data);
        setCode('');
        return { type: 'info', text: t('whatsappCodeSent', { phone: parsed.data }) };
      };
    });
  }

  async function confirm() {
    if (!phone) return;
    await act((check) => {
      const parsed = check.whatsappConfirmSchema.shape.code.safeParse(code);
      setProblem(check.firstProblem(parsed));
      if (!parsed.success) return null;
      return async () => {
        await post(SIGNUP_API.whatsappConfirm, { phone, code: parsed.data });
        setDone(true);
        return { type: 'success', text: t('whatsappDone', { phone }) };
      };
    });
  }

  function otherNumber() {
    setPhone(null);
    setDone(false);
    setProblem(null);
    setOutcome(null);
  }

  const field = (label: string, id: string, input: ReactNode) => (
    <FormItem label={label} htmlFor={id} error={problem}>
      {input}
    </FormItem>
  );

  return (
    <Form onSubmit={phone ? confirm : sendCode}>
      <Paragraph>{t('whatsappIntro')}</Paragraph>
      {!phone &&
        field(
          t('whatsappPhoneLabel'),
          'signup-phone',
          <Input
            id="signup-phone"
            addonBefore="+65"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={9}
            placeholder="8123 4567"
            value={digits}
            invalid={!!problem}
            onChange={setDigits}
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
            maxLength={6}
            style={{ maxWidth: 200, letterSpacing: 4 }}
            value={code}
            invalid={!!problem}
            onChange={setCode}
          />,
        )}
      <Flex gap={8} wrap style={{ marginBottom: outcome ? 12 : 0 }}>
        {!done && (
          <Button submit loading={busy} wrap={proving}>
            {proving ? t('proofChecking') : phone ? t('whatsappConfirm') : t('whatsappSendCode')}
          </Button>
        )}
        <ProvingStatus text={proving ? t('proofChecking') : null} />
        {phone && (
          <Button kind={done ? 'default' : 'link'} disabled={busy} onClick={otherNumber}>
            {t('whatsappOtherNumber')}
          </Button>
        )}
      </Flex>
      <OutcomeAlert outcome={outcome} />
    </Form>
  );
}
