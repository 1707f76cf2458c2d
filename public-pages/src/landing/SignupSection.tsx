import { BellOutlined, GlobalOutlined, MailOutlined, SendOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, TOPICS } from '@ummahnotify/core';
import { Alert, Button, Checkbox, Flex, Form, Input, Radio, Segmented, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CHANNELS, type Channel, OUTCOME_TYPES } from '../browser/signup/names';
import { frameId } from '../frameId';
import type { Texts } from '../texts';
import { HomeScreenHint } from './HomeScreenHint';
import { FieldError, Part, Slot } from './Parts';

const ICONS: Record<Channel, ReactNode> = {
  webpush: <GlobalOutlined />,
  email: <MailOutlined />,
  telegram: <SendOutlined />,
  whatsapp: <WhatsAppOutlined />,
};
const LABELS: Record<Channel, string> = {
  webpush: 'signup:channelWebpush',
  email: 'signup:channelEmail',
  telegram: 'signup:channelTelegram',
  whatsapp: 'signup:channelWhatsapp',
};

/** Off screen, for screen readers: says the proof of work is under way (the button says it too). */
const OFF_SCREEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A label that may be longer than a phone's width (Tamil) wraps instead of running off the screen. */
const WRAP = { whiteSpace: 'normal', height: 'auto', minHeight: 40, maxWidth: '100%' } as const;

function ProvingStatus({ t }: { t: Texts }) {
  return <span role="status" aria-live="polite" style={OFF_SCREEN} data-proving={t('signup:proofChecking')} />;
}

/**
 * The four channels as antd's Segmented: side by side, or (`stacked`, a phone: four labels do not fit across, Tamil
 * least of all) one under the other. Both are in the page; the page's CSS shows the one for the screen's width.
 */
function ChannelSwitch({ t, language, stacked }: { t: Texts; language: Language; stacked: boolean }) {
  return (
    <div data-channel-switch={stacked ? 'stack' : 'row'}>
      <Segmented<Channel>
        block
        vertical={stacked}
        name={frameId(`channel-${stacked ? 'stack' : 'row'}`, language)}
        aria-label={t('signup:channelLabel')}
        value="webpush"
        options={CHANNELS.map((channel) => ({
          value: channel,
          label: (
            <Flex
              vertical={!stacked}
              align="center"
              gap={stacked ? 10 : 0}
              style={{ padding: '4px 0', lineHeight: 1.3 }}
            >
              <span style={{ fontSize: 18 }}>{ICONS[channel]}</span>
              <span style={{ fontSize: stacked ? 15 : 13 }}>{t(LABELS[channel])}</span>
            </Flex>
          ),
        }))}
      />
    </div>
  );
}

/** A text field in its two looks, `ok` and `error` (with antd's error line, its text written by the script). */
function Field({ name, label, input }: { name: string; label: string; input: (error: boolean) => ReactNode }) {
  const item = (error: boolean) => (
    <Form.Item label={label} htmlFor={name} validateStatus={error ? 'error' : undefined}>
      {input(error)}
      {error && <FieldError />}
    </Form.Item>
  );
  return <Part name={name} first="ok" looks={{ ok: item(false), error: item(true) }} />;
}

/** A button in its looks: idle, busy (antd's loading), and busy with another label (the proof of work). */
function ActionButton({
  name,
  label,
  icon,
  proving,
  submit = false,
}: {
  name: string;
  label: string;
  icon?: ReactNode;
  proving?: string;
  submit?: boolean;
}) {
  const button = (loading: boolean, text: string) => (
    <Button
      type="primary"
      size="large"
      htmlType={submit ? 'submit' : 'button'}
      icon={icon}
      loading={loading}
      data-action={name}
      style={text === proving ? WRAP : undefined}
    >
      {text}
    </Button>
  );
  const looks: Record<string, ReactNode> = { idle: button(false, label), busy: button(true, label) };
  if (proving) looks.proving = button(true, proving);
  return <Part name={name} first="idle" looks={looks} />;
}

function Intro({ children }: { children: string }) {
  return <Typography.Paragraph style={{ marginBottom: 0 }}>{children}</Typography.Paragraph>;
}

/** Where the answer to the visitor's last action goes, under the button that caused it. */
const Outcome = ({ panel }: { panel: Channel }) => <div data-outcome={panel} />;

function WebPushPanel({ t }: { t: Texts }) {
  return (
    <Flex vertical gap={12}>
      <Intro>{t('signup:webpushIntro')}</Intro>
      <div data-webpush-on hidden>
        <Typography.Text strong>{t('signup:webpushOn')}</Typography.Text>
      </div>
      <Flex gap={8} wrap>
        <Part
          name="webpush-on"
          first="off"
          looks={{
            off: (
              <Button type="primary" size="large" icon={<BellOutlined />} data-action="webpush-on">
                {t('signup:webpushButton')}
              </Button>
            ),
            'off-busy': (
              <Button type="primary" size="large" icon={<BellOutlined />} loading>
                {t('signup:webpushButton')}
              </Button>
            ),
            // the proof of work web push sign-up does too, as the other channels' sign-ups
            proving: (
              <Button type="primary" size="large" icon={<BellOutlined />} loading style={WRAP}>
                {t('signup:proofChecking')}
              </Button>
            ),
            on: (
              <Button type="primary" size="large" icon={<BellOutlined />} data-action="webpush-on">
                {t('signup:webpushSave')}
              </Button>
            ),
            'on-busy': (
              <Button type="primary" size="large" icon={<BellOutlined />} loading>
                {t('signup:webpushSave')}
              </Button>
            ),
          }}
        />
        <Part
          name="webpush-off"
          first="none"
          looks={{
            none: null,
            shown: (
              <Button size="large" danger data-action="webpush-off">
                {t('signup:webpushOff')}
              </Button>
            ),
            disabled: (
              <Button size="large" danger disabled>
                {t('signup:webpushOff')}
              </Button>
            ),
          }}
        />
      </Flex>
      <Outcome panel="webpush" />
      <ProvingStatus t={t} />
    </Flex>
  );
}

function EmailPanel({ t, language }: { t: Texts; language: Language }) {
  const id = frameId('signup-email', language);
  return (
    <Form layout="vertical" requiredMark={false} noValidate data-form="email">
      <Typography.Paragraph>{t('signup:emailIntro')}</Typography.Paragraph>
      <Field
        name={id}
        label={t('signup:emailLabel')}
        input={(error) => (
          <Input
            id={id}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            prefix={<MailOutlined />}
            placeholder={t('signup:emailPlaceholder')}
            status={error ? 'error' : undefined}
          />
        )}
      />
      <Form.Item style={{ marginBottom: 0 }}>
        <ActionButton name="email-send" submit label={t('signup:emailButton')} proving={t('signup:proofChecking')} />
        <ProvingStatus t={t} />
      </Form.Item>
      <Outcome panel="email" />
    </Form>
  );
}

function TelegramPanel({ t }: { t: Texts }) {
  return (
    <Flex vertical gap={12}>
      <Intro>{t('signup:telegramIntro')}</Intro>
      <div>
        <ActionButton name="telegram-start" icon={<SendOutlined />} label={t('signup:telegramButton')} />
      </div>
      <div data-telegram-ready hidden>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {t('signup:telegramReady')}{' '}
          <Typography.Link
            href="https://t.me/"
            target="_blank"
            rel="noopener noreferrer"
            style={{ wordBreak: 'break-all' }}
          >
            <Slot />
          </Typography.Link>
        </Typography.Paragraph>
      </div>
      <Outcome panel="telegram" />
    </Flex>
  );
}

function WhatsappPanel({ t, language }: { t: Texts; language: Language }) {
  const phone = frameId('signup-phone', language);
  const code = frameId('signup-code', language);
  const send = t('signup:whatsappSendCode');
  const confirm = t('signup:whatsappConfirm');
  const proving = t('signup:proofChecking');
  const submit = (loading: boolean, text: string) => (
    <Button type="primary" size="large" htmlType="submit" loading={loading} style={text === proving ? WRAP : undefined}>
      {text}
    </Button>
  );
  return (
    <Form layout="vertical" requiredMark={false} noValidate data-form="whatsapp">
      <Typography.Paragraph>{t('signup:whatsappIntro')}</Typography.Paragraph>
      <div data-step="phone">
        <Field
          name={phone}
          label={t('signup:whatsappPhoneLabel')}
          input={(error) => (
            <Space.Compact block>
              <Space.Addon>+65</Space.Addon>
              <Input
                id={phone}
                name="phone"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={9}
                placeholder="8123 4567"
                status={error ? 'error' : undefined}
              />
            </Space.Compact>
          )}
        />
      </div>
      <div data-step="code" hidden>
        <Field
          name={code}
          label={t('signup:whatsappCodeLabel')}
          input={(error) => (
            <Input
              id={code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              style={{ maxWidth: 200, letterSpacing: 4 }}
              status={error ? 'error' : undefined}
            />
          )}
        />
      </div>
      <Flex gap={8} wrap>
        <Part
          name="whatsapp-send"
          first="send"
          looks={{
            send: submit(false, send),
            'send-busy': submit(true, send),
            proving: submit(true, proving),
            confirm: submit(false, confirm),
            'confirm-busy': submit(true, confirm),
            none: null,
          }}
        />
        <ProvingStatus t={t} />
        <Part
          name="whatsapp-other"
          first="none"
          looks={{
            none: null,
            link: (
              <Button type="link" size="large" data-action="whatsapp-other">
                {t('signup:whatsappOtherNumber')}
              </Button>
            ),
            'link-busy': (
              <Button type="link" size="large" disabled>
                {t('signup:whatsappOtherNumber')}
              </Button>
            ),
            default: (
              <Button size="large" data-action="whatsapp-other">
                {t('signup:whatsappOtherNumber')}
              </Button>
            ),
          }}
        />
      </Flex>
      <Outcome panel="whatsapp" />
    </Form>
  );
}

/** The answers a panel can show, as antd draws them; the script writes the text in. */
function OutcomeLooks() {
  return (
    <>
      {OUTCOME_TYPES.map((type) => (
        <template key={type} data-outcome-look={type}>
          <Alert type={type} showIcon role={type === 'error' ? 'alert' : 'status'} title={<Slot />} />
        </template>
      ))}
    </>
  );
}

/**
 * "Get notices" (docs/product/screens.md#landing): topics, the language of the messages, then one of the four
 * channels, drawn by antd at build time in every state it can be in; browser/signup/ shows the state the visitor is
 * in and makes the calls.
 */
export function SignupSection({ t, language }: { t: Texts; language: Language }) {
  const titleId = frameId('get-notices-title', language);
  const topics = (error: boolean) => (
    <Form.Item label={t('signup:topicsLabel')} validateStatus={error ? 'error' : undefined}>
      <Checkbox.Group
        name="topics"
        value={[...TOPICS]}
        options={[
          { value: 'janaza', label: t('signup:topicJanaza') },
          { value: 'events', label: t('signup:topicEvents') },
        ]}
      />
      {error && <FieldError text={t('signup:error.topicsRequired')} />}
    </Form.Item>
  );
  return (
    <section
      id={frameId('get-notices', language)}
      aria-labelledby={titleId}
      data-signup
      data-network-error={t('signup:networkError')}
    >
      <Typography.Title level={2} id={titleId} style={{ fontSize: 22 }}>
        {t('signup:title')}
      </Typography.Title>
      <Typography.Paragraph>{t('signup:intro')}</Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} component="div">
        <Part name="topics" first="ok" looks={{ ok: topics(false), error: topics(true) }} />
        <Form.Item label={t('signup:languageLabel')}>
          <Radio.Group
            name={frameId('message-language', language)}
            value={language}
            options={LANGUAGES.map((l) => ({
              value: l,
              label: t(l === 'en' ? 'signup:languageEn' : 'signup:languageTa'),
            }))}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph style={{ marginBottom: 8 }}>{t('signup:channelLabel')}</Typography.Paragraph>
      <div data-options="loading">
        <Spin description={t('signup:optionsLoading')}>
          <div style={{ height: 48 }} />
        </Spin>
      </div>
      {/* Without scripts nothing can be sent (the proof of work, web push): the page's CSS shows this instead. */}
      <div data-options="no-script">
        <Alert type="info" showIcon title={t('signup:optionsNeedScript')} />
      </div>
      <div data-options="failed" hidden>
        <Alert type="warning" showIcon title={t('signup:optionsFailed')} />
      </div>
      <div data-options="ready" hidden>
        <Flex vertical gap={16}>
          <ChannelSwitch t={t} language={language} stacked={false} />
          <ChannelSwitch t={t} language={language} stacked />
          <div data-panel="off" hidden>
            <Alert type="info" showIcon role="status" title={t('signup:channelOff')} />
          </div>
          <div data-panel="unsupported" hidden>
            <Alert type="info" showIcon role="status" title={t('signup:webpushUnsupported')} />
          </div>
          <div data-panel="home-screen" hidden>
            <HomeScreenHint t={t} language={language} />
          </div>
          <div data-panel="webpush" hidden>
            <WebPushPanel t={t} />
          </div>
          <div data-panel="email" hidden>
            <EmailPanel t={t} language={language} />
          </div>
          <div data-panel="telegram" hidden>
            <TelegramPanel t={t} />
          </div>
          <div data-panel="whatsapp" hidden>
            <WhatsappPanel t={t} language={language} />
          </div>
        </Flex>
      </div>
      <OutcomeLooks />
    </section>
  );
}
