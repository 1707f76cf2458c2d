import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import SendOutlined from '@ant-design/icons-svg/es/asn/SendOutlined';
import WhatsAppOutlined from '@ant-design/icons-svg/es/asn/WhatsAppOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useIsMobile } from '@ummahnotify/client/public-app';
import { type Language, TOPICS, type Topic } from '@ummahnotify/core';
import type { SignupOptions } from '@ummahnotify/domain';
import { type ReactNode, useState } from 'react';
import { Alert } from '../ui/Alert';
import { CheckboxGroup, RadioGroup } from '../ui/Choice';
import { Flex } from '../ui/Flex';
import { Form, FormItem } from '../ui/Form';
import { Icon } from '../ui/Icon';
import { Spin } from '../ui/Loading';
import { Segmented } from '../ui/Segmented';
import { Paragraph, Title } from '../ui/Typography';
import { type Choice, useSignupOptions } from './api';
import { EmailPanel } from './EmailPanel';
import { TelegramPanel } from './TelegramPanel';
import { useSignupText } from './useSignupText';
import { WebPushPanel } from './WebPushPanel';
import { WhatsappPanel } from './WhatsappPanel';
import { pushSupported } from './webpush';

const CHANNELS = ['webpush', 'email', 'telegram', 'whatsapp'] as const;
type Channel = (typeof CHANNELS)[number];

const ICONS: Record<Channel, IconDefinition> = {
  webpush: GlobalOutlined,
  email: MailOutlined,
  telegram: SendOutlined,
  whatsapp: WhatsAppOutlined,
};
const LABELS = {
  webpush: 'channelWebpush',
  email: 'channelEmail',
  telegram: 'channelTelegram',
  whatsapp: 'channelWhatsapp',
} as const;

function available(options: SignupOptions, channel: Channel): boolean {
  if (channel === 'webpush') return options.webpush.enabled && !!options.webpush.publicKey && pushSupported();
  return options[channel].enabled;
}

/** "Get notices" on the landing page: topics, language, then one of the four channels. */
export function SignupSection() {
  const { t, i18n, prefetch } = useSignupText();
  const options = useSignupOptions();
  // Four labels side by side do not fit a phone (Tamil least of all): there they stack.
  const stacked = useIsMobile();
  const [topics, setTopics] = useState<Topic[]>([...TOPICS]);
  const [topicsTouched, setTopicsTouched] = useState(false);
  // Follows the language on screen until the visitor picks one.
  const [language, setLanguage] = useState<Language | null>(null);
  const [picked, setPicked] = useState<Channel | null>(null);
  const messageLanguage = language ?? (i18n.language === 'ta' ? 'ta' : 'en');

  const topicsProblem = topics.length === 0 ? t('error.topicsRequired') : null;
  const choice = (): Choice | null => {
    setTopicsTouched(true);
    return topics.length ? { topics: TOPICS.filter((x) => topics.includes(x)), language: messageLanguage } : null;
  };

  let channels: ReactNode;
  if (options.isPending) channels = <Spin description={t('optionsLoading')}>{<div style={{ height: 48 }} />}</Spin>;
  else if (options.isError) channels = <Alert type="warning" title={t('optionsFailed')} />;
  else {
    const data = options.data;
    const channel = picked ?? CHANNELS.find((c) => available(data, c)) ?? 'webpush';
    const panel = !available(data, channel) ? (
      <Alert
        type="info"
        title={channel === 'webpush' && data.webpush.enabled ? t('webpushUnsupported') : t('channelOff')}
      />
    ) : channel === 'webpush' ? (
      <WebPushPanel publicKey={data.webpush.publicKey as string} choice={choice} />
    ) : channel === 'email' ? (
      <EmailPanel choice={choice} />
    ) : channel === 'telegram' ? (
      <TelegramPanel choice={choice} />
    ) : (
      <WhatsappPanel choice={choice} />
    );
    channels = (
      <Flex vertical gap={16}>
        <Segmented<Channel>
          block
          vertical={stacked}
          label={t('channelLabel')}
          value={channel}
          onChange={setPicked}
          options={CHANNELS.map((c) => ({
            value: c,
            disabled: !available(data, c),
            label: (
              <Flex
                vertical={!stacked}
                align="center"
                gap={stacked ? 10 : 0}
                style={{ padding: '4px 0', lineHeight: 1.3 }}
              >
                <span style={{ fontSize: 18 }}>
                  <Icon definition={ICONS[c]} />
                </span>
                <span style={{ fontSize: stacked ? 15 : 13 }}>{t(LABELS[c])}</span>
              </Flex>
            ),
          }))}
        />
        <div key={channel}>{panel}</div>
      </Flex>
    );
  }

  return (
    <section id="get-notices" aria-labelledby="get-notices-title" onFocus={prefetch} onPointerDown={prefetch}>
      <Title level={2} id="get-notices-title" style={{ fontSize: 22 }}>
        {t('title')}
      </Title>
      <Paragraph>{t('intro')}</Paragraph>
      <Form>
        <FormItem label={t('topicsLabel')} error={topicsTouched ? topicsProblem : null}>
          <CheckboxGroup<Topic>
            value={topics}
            onChange={(v) => {
              setTopics(v);
              setTopicsTouched(true);
            }}
            options={[
              { value: 'janaza', label: t('topicJanaza') },
              { value: 'events', label: t('topicEvents') },
            ]}
          />
        </FormItem>
        <FormItem label={t('languageLabel')}>
          <RadioGroup<Language>
            value={messageLanguage}
            onChange={setLanguage}
            options={[
              { value: 'en', label: t('languageEn') },
              { value: 'ta', label: t('languageTa') },
            ]}
          />
        </FormItem>
      </Form>
      <Paragraph style={{ marginBottom: 8 }}>{t('channelLabel')}</Paragraph>
      {channels}
    </section>
  );
}
