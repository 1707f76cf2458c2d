import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import { SIGNUP_API } from '@ummahnotify/core';
import { useEffect, useState } from 'react';
import { Button } from '../ui/Button';
import { Flex } from '../ui/Flex';
import { Paragraph, Text } from '../ui/Typography';
import { type Choice, post } from './api';
import { OutcomeAlert } from './Outcome';
import { useSignupAction } from './useSignupText';
import { currentSubscription, type PushFailure, PushSetupError, pushSupported, subscribeToPush } from './webpush';

const PUSH_FAILURE: Record<PushFailure, 'webpushUnsupported' | 'webpushDenied' | 'webpushFailed'> = {
  unsupported: 'webpushUnsupported',
  denied: 'webpushDenied',
  failed: 'webpushFailed',
};

/** Web push: turn on (service worker, permission, subscription, then the server), save choices again, turn off. */
export function WebPushPanel({ publicKey, choice }: { publicKey: string; choice: () => Choice | null }) {
  const { t, busy, outcome, act } = useSignupAction();
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
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
    const pushFailure = (error: unknown) => (error instanceof PushSetupError ? t(PUSH_FAILURE[error.kind]) : undefined);
    await act(
      () => async () => {
        const wasOn = subscription !== null;
        const sub = subscription ?? (await subscribeToPush(publicKey));
        await post(SIGNUP_API.webpush, { subscription: sub.toJSON(), ...chosen });
        setSubscription(sub);
        return { type: 'success', text: t(wasOn ? 'webpushSaved' : 'webpushSubscribed') };
      },
      pushFailure,
    );
  }

  async function turnOff() {
    if (!subscription) return;
    await act(() => async () => {
      await post(SIGNUP_API.webpushRemove, { endpoint: subscription.endpoint });
      await subscription.unsubscribe().catch(() => false);
      setSubscription(null);
      return { type: 'success', text: t('webpushRemoved') };
    });
  }

  if (!supported) return <OutcomeAlert outcome={{ type: 'info', text: t('webpushUnsupported') }} />;
  return (
    <Flex vertical gap={12}>
      <Paragraph style={{ marginBottom: 0 }}>{t('webpushIntro')}</Paragraph>
      {subscription && <Text strong>{t('webpushOn')}</Text>}
      <Flex gap={8} wrap>
        <Button icon={BellOutlined} loading={busy} onClick={turnOn}>
          {subscription ? t('webpushSave') : t('webpushButton')}
        </Button>
        {subscription && (
          <Button kind="danger" disabled={busy} onClick={turnOff}>
            {t('webpushOff')}
          </Button>
        )}
      </Flex>
      <OutcomeAlert outcome={outcome} />
    </Flex>
  );
}
