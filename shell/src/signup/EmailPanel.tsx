import { MailOutlined } from '@ant-design/icons';
import { emailSignupSchema, SIGNUP_API } from '@ummahnotify/shared/domain';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { type Choice, post } from './api';
import { type Outcome, OutcomeAlert } from './Outcome';
import { useSignupText } from './useSignupText';

/** Email: double opt-in; the server mails a confirmation link and sends nothing else before it is clicked. */
export function EmailPanel({ choice }: { choice: () => Choice | null }) {
  const { t, failureText, firstProblem } = useSignupText();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit() {
    const chosen = choice();
    const parsed = emailSignupSchema.shape.email.safeParse(email);
    setProblem(firstProblem(parsed));
    if (!chosen || !parsed.success) return;
    setBusy(true);
    setOutcome(null);
    try {
      await post(SIGNUP_API.email, { email: parsed.data, ...chosen });
      setOutcome({ type: 'success', text: t('emailSent', { email: parsed.data }) });
    } catch (error) {
      setOutcome({ type: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} noValidate>
      <Typography.Paragraph>{t('emailIntro')}</Typography.Paragraph>
      <Form.Item
        label={t('emailLabel')}
        htmlFor="signup-email"
        validateStatus={problem ? 'error' : undefined}
        help={problem ?? undefined}
      >
        <Input
          id="signup-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          size="large"
          prefix={<MailOutlined />}
          placeholder={t('emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: outcome ? 12 : 0 }}>
        <Button type="primary" size="large" htmlType="submit" loading={busy}>
          {t('emailButton')}
        </Button>
      </Form.Item>
      <OutcomeAlert outcome={outcome} />
    </Form>
  );
}
