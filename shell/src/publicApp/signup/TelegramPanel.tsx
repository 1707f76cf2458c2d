import SendOutlined from '@ant-design/icons-svg/es/asn/SendOutlined';
import { SIGNUP_API } from '@ummahnotify/shared/domain';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { Flex } from '../ui/Flex';
import { Link, Paragraph } from '../ui/Typography';
import { type Choice, post } from './api';
import { type Outcome, OutcomeAlert } from './Outcome';
import { useSignupText } from './useSignupText';

/** Telegram: the server gives a t.me deep link whose /start token registers the chat. */
export function TelegramPanel({ choice }: { choice: () => Choice | null }) {
  const { t, checks, unreachable } = useSignupText();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function start() {
    const chosen = choice();
    if (!chosen) return;
    const check = await checks();
    if (!check) return setOutcome(unreachable);
    setBusy(true);
    setOutcome(null);
    try {
      const answer = check.telegramSignupResponseSchema.parse(await post(SIGNUP_API.telegram, chosen));
      setLink(answer.link);
      window.open(answer.link, '_blank', 'noopener,noreferrer');
    } catch (error) {
      setLink(null);
      setOutcome({ type: 'error', text: check.failureText(error) });
    } finally {
      setBusy(false);
    }
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
