import SendOutlined from '@ant-design/icons-svg/es/asn/SendOutlined';
import { SIGNUP_API } from '@ummahnotify/core';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { Flex } from '../ui/Flex';
import { Link, Paragraph } from '../ui/Typography';
import { type Choice, post } from './api';
import { OutcomeAlert } from './Outcome';
import { useSignupAction } from './useSignupText';

/** Telegram: the server gives a t.me deep link whose /start token registers the chat. */
export function TelegramPanel({ choice }: { choice: () => Choice | null }) {
  const { t, busy, outcome, act } = useSignupAction();
  const [link, setLink] = useState<string | null>(null);

  async function start() {
    const chosen = choice();
    if (!chosen) return;
    await act((check) => async () => {
      try {
        const answer = check.telegramSignupResponseSchema.parse(await post(SIGNUP_API.telegram, chosen));
        setLink(answer.link);
        window.open(answer.link, '_blank', 'noopener,noreferrer');
        return null;
      } catch (error) {
        setLink(null);
        throw error;
      }
    });
  }

  return (
    <Flex vertical gap={12}>
      <Paragraph style={{ marginBottom: 0 }}>{t('telegramIntro')}</Paragraph>
      <div>
        <Button icon={SendOutlined} loading={busy} onClick={start}>
          {t('telegramButton')}
        </Button>
      </div>
      {link && (
        <Paragraph style={{ marginBottom: 0 }}>
          {t('telegramReady')}{' '}
          <Link href={link} newTab style={{ wordBreak: 'break-all' }}>
            {link}
          </Link>
        </Paragraph>
      )}
      <OutcomeAlert outcome={outcome} />
    </Flex>
  );
}
