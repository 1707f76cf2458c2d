import { BellOutlined } from '@ant-design/icons';
import { SIGNUP_API } from '@ummahnotify/shared/domain';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type Choice, post } from './api';
import { type Outcome, OutcomeAlert } from './Outcome';
import { useSignupText } from './useSignupText';
import { currentSubscription, PushSetupError, pushSupported, subscribeToPush } from './webpush';

/** Web push: turn on (service worker, permission, subscription, then the server), save choices again, turn off. */
export function WebPushPanel({ publicKey, choice }: { publicKey: string; choice: () => Choice | null }) {
  const { t, failureText } = useSignupText();
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const supported = pushSupported();

  useEffect(() => {
    let live = true;
    currentSubscription().then(
      (found) => live && setSubscription(found),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    const chosen = choice();
    if (!chosen) return;
    setBusy(true);
    setOutcome(null);
    try {
      const wasOn = subscription !== null;
      const sub = subscription ?? (await subscribeToPush(publicKey));
      await post(SIGNUP_API.webpush, { subscription: sub.toJSON(), ...chosen });
      setSubscription(sub);
      setOutcome({ type: 'success', text: t(wasOn ? 'webpushSaved' : 'webpushSubscribed') });
    } catch (error) {
      const text =
        error instanceof PushSetupError
          ? t(
              error.kind === 'unsupported'
                ? 'webpushUnsupported'
                : error.kind === 'denied'
                  ? 'webpushDenied'
                  : 'webpushFailed',
            )
          : failureText(error);
      setOutcome({ type: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    if (!subscription) return;
    setBusy(true);
    setOutcome(null);
    try {
      await post(SIGNUP_API.webpushRemove, { endpoint: subscription.endpoint });
      await subscription.unsubscribe().catch(() => false);
      setSubscription(null);
      setOutcome({ type: 'success', text: t('webpushRemoved') });
    } catch (error) {
      setOutcome({ type: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  if (!supported) return <OutcomeAlert outcome={{ type: 'info', text: t('webpushUnsupported') }} />;
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('webpushIntro')}</Typography.Paragraph>
      {subscription && <Typography.Text strong>{t('webpushOn')}</Typography.Text>}
      <Flex gap={8} wrap>
        <Button type="primary" size="large" icon={<BellOutlined />} loading={busy} onClick={turnOn}>
          {subscription ? t('webpushSave') : t('webpushButton')}
        </Button>
        {subscription && (
          <Button size="large" danger disabled={busy} onClick={turnOff}>
            {t('webpushOff')}
          </Button>
        )}
      </Flex>
      <OutcomeAlert outcome={outcome} />
    </Flex>
  );
}
