import { SendOutlined } from '@ant-design/icons';
import { SIGNUP_API, telegramSignupResponseSchema } from '@ummahnotify/shared/domain';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { type Choice, post } from './api';
import { type Outcome, OutcomeAlert } from './Outcome';
import { useSignupText } from './useSignupText';

/** Telegram: the server gives a t.me deep link whose /start token registers the chat. */
export function TelegramPanel({ choice }: { choice: () => Choice | null }) {
  const { t, failureText } = useSignupText();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function start() {
    const chosen = choice();
    if (!chosen) return;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = telegramSignupResponseSchema.parse(await post(SIGNUP_API.telegram, chosen));
      setLink(answer.link);
      window.open(answer.link, '_blank', 'noopener,noreferrer');
    } catch (error) {
      setLink(null);
      setOutcome({ type: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('telegramIntro')}</Typography.Paragraph>
      <div>
        <Button type="primary" size="large" icon={<SendOutlined />} loading={busy} onClick={start}>
          {t('telegramButton')}
        </Button>
      </div>
      {link && (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {t('telegramReady')}{' '}
          <Typography.Link href={link} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
            {link}
          </Typography.Link>
        </Typography.Paragraph>
      )}
      <OutcomeAlert outcome={outcome} />
    </Flex>
  );
}
