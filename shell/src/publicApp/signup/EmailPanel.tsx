import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import { SIGNUP_API } from '@ummahnotify/core';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { Form, FormItem } from '../ui/Form';
import { Input } from '../ui/Input';
import { Paragraph } from '../ui/Typography';
import { type Choice, post } from './api';
import { OutcomeAlert, ProvingStatus } from './Outcome';
import { useSignupAction } from './useSignupText';

/** Email: double opt-in; the server mails a confirmation link and sends nothing else before it is clicked. */
export function EmailPanel({ choice }: { choice: () => Choice | null }) {
  const { t, busy, proving, prove, outcome, act } = useSignupAction();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    const chosen = choice();
    await act((check) => {
      const parsed = check.emailSignupSchema.shape.email.safeParse(email);
      setProblem(check.firstProblem(parsed));
      if (!chosen || !parsed.success) return null;
      return async () => {
        await post(SIGNUP_API.email, { email: parsed.data, ...chosen, altcha: await prove() });
        return { type: 'success', text: t('emailSent', { email: parsed.data }) };
      };
    });
  }

  return (
    <Form onSubmit={submit}>
      <Paragraph>{t('emailIntro')}</Paragraph>
      <FormItem label={t('emailLabel')} htmlFor="signup-email" error={problem}>
        <Input
          id="signup-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          prefix={MailOutlined}
          placeholder={t('emailPlaceholder')}
          value={email}
          invalid={!!problem}
          onChange={setEmail}
        />
      </FormItem>
      <FormItem style={{ marginBottom: outcome ? 12 : 0 }}>
        <Button submit loading={busy} wrap={proving}>
          {proving ? t('proofChecking') : t('emailButton')}
        </Button>
        <ProvingStatus text={proving ? t('proofChecking') : null} />
      </FormItem>
      <OutcomeAlert outcome={outcome} />
    </Form>
  );
}
