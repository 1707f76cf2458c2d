import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import { SIGNUP_API } from '@ummahnotify/shared/domain';
import { useEffect, useState } from 'react';
import { Button } from '../ui/Button';
import { Flex } from '../ui/Flex';
import { Paragraph, Text } from '../ui/Typography';
import { type Choice, post } from './api';
import { type Outcome, OutcomeAlert } from './Outcome';
import { useSignupText } from './useSignupText';
import { currentSubscription, PushSetupError, pushSupported, subscribeToPush } from './webpush';

/** Web push: turn on (service worker, permission, subscription, then the server), save choices again, turn off. */
export function WebPushPanel({ publicKey, choice }: { publicKey: string; choice: () => Choice | null }) {
  const { t, checks, unreachable } = useSignupText();
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
    const check = await checks();
    if (!check) return setOutcome(unreachable);
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
          : check.failureText(error);
      setOutcome({ type: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    if (!subscription) return;
    const check = await checks();
    if (!check) return setOutcome(unreachable);
    setBusy(true);
    setOutcome(null);
    try {
      await post(SIGNUP_API.webpushRemove, { endpoint: subscription.endpoint });
      await subscription.unsubscribe().catch(() => false);
      setSubscription(null);
      setOutcome({ type: 'success', text: t('webpushRemoved') });
    } catch (error) {
      setOutcome({ type: 'error', text: check.failureText(error) });
    } finally {
      setBusy(false);
    }
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
