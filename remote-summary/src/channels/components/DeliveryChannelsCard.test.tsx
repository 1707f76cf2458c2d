import { act, screen, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { DELIVERY_API, SUMMARY_API } from '@ummahnotify/domain';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { summary } from '../../summaryAnswer.test-data';
import { renderSummary } from '../../summaryPage.test-data';

const CHANNELS = {
  channels: [
    { channel: 'webpush', enabled: true, reason: null },
    { channel: 'email', enabled: true, reason: null },
    {
      channel: 'whatsapp',
      enabled: false,
      reason: 'WHATSAPP_TOKEN and WHATSAPP_PHONE_ID are not set',
      reasonKey: 'reason.notSet2',
      reasonParams: { a: 'WHATSAPP_TOKEN', b: 'WHATSAPP_PHONE_ID' },
    },
    // an older server: the English reason only
    { channel: 'telegram', enabled: false, reason: 'TELEGRAM_BOT_TOKEN is not set' },
  ],
  recent: {
    webpush: { sent: 1200, failed: 3, pending: 40, expired: 17 },
    email: { sent: 12, failed: 0, pending: 0, expired: 0 },
    whatsapp: { sent: 0, failed: 0, pending: 0, expired: 0 },
    telegram: { sent: 0, failed: 0, pending: 0, expired: 0 },
  },
};

const channel = (name: string) => screen.getByTestId(`delivery-channel-${name}`);

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

describe('Delivery channels card', () => {
  it('shows each channel on or off, with the reason it is off', async () => {
    fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: { status: 200, data: CHANNELS },
    });
    await renderSummary();
    const card = await screen.findByTestId('delivery-channels-card');
    expect(within(card).getByText('Delivery channels')).toBeInTheDocument();
    await within(card).findByTestId('delivery-channel-webpush');
    expect(channel('webpush')).toHaveTextContent('Web pushOn');
    expect(channel('email')).toHaveTextContent('EmailOn');
    expect(channel('whatsapp')).toHaveTextContent('WhatsAppOffWHATSAPP_TOKEN and WHATSAPP_PHONE_ID are not set');
    expect(channel('telegram')).toHaveTextContent('TelegramOffTELEGRAM_BOT_TOKEN is not set');
  });

  it('counts the last 30 days of messages per channel, expired ones as a fourth number', async () => {
    fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: { status: 200, data: CHANNELS },
    });
    await renderSummary();
    await screen.findByTestId('delivery-channel-webpush');
    expect(screen.getByTestId('delivery-channels-recent')).toHaveTextContent('Messages of the last 30 days');
    expect(within(channel('webpush')).getByRole('group')).toHaveAccessibleName(
      'Web push: 1200 sent, 3 failed, 40 pending, 17 expired',
    );
    const expired = channel('webpush').querySelector('[data-count="expired"]');
    expect(expired).toHaveTextContent('17');
    expect(expired).toHaveAttribute('title', 'Expired (not sent after the prayer time or the start of the event)');
    expect(within(channel('email')).getByRole('group')).toHaveAccessibleName(
      'Email: 12 sent, 0 failed, 0 pending, 0 expired',
    );
  });

  it('speaks Tamil when Tamil is chosen', async () => {
    fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: { status: 200, data: CHANNELS },
    });
    await act(() => setLanguage('ta'));
    await renderSummary();
    expect(await screen.findByText('அனுப்பும் வழிகள்')).toBeInTheDocument();
    expect(await screen.findByTestId('delivery-channel-webpush')).toHaveTextContent('வலை அறிவிப்புஇயக்கத்தில்');
    // the reason a channel is off, in Tamil, the names of the settings as they are
    expect(channel('whatsapp')).toHaveTextContent('WHATSAPP_TOKEN, WHATSAPP_PHONE_ID ஆகிய இரண்டும் அமைக்கப்படவில்லை');
    expect(channel('whatsapp')).not.toHaveTextContent('are not set');
    expect(channel('telegram')).toHaveTextContent('TELEGRAM_BOT_TOKEN is not set');
    expect(within(channel('webpush')).getByRole('group')).toHaveAccessibleName(
      'வலை அறிவிப்பு: 1200 அனுப்பப்பட்டது, 3 தோல்வி, 40 நிலுவையில், 17 காலாவதியானது',
    );
    expect(screen.getByTestId('delivery-channels-recent')).toHaveTextContent('கடந்த 30 நாட்களின் செய்திகள்');
  });

  describe("under WhatsApp: today's use of its daily messaging limit, and the templates that can arrive late", () => {
    const WHATSAPP_ON = {
      ...CHANNELS,
      channels: CHANNELS.channels.map((c) =>
        c.channel === 'whatsapp' ? { channel: 'whatsapp', enabled: true, reason: null } : c,
      ),
    };
    async function show(data: unknown, language: 'en' | 'ta' = 'en') {
      fakeApi({
        [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
        [`GET ${DELIVERY_API.channels}`]: { status: 200, data },
      });
      if (language === 'ta') await act(() => setLanguage('ta'));
      await renderSummary();
      await screen.findByTestId('delivery-channel-whatsapp');
    }

    it('says how many people WhatsApp reached today, of the limit, and the part kept for janaza notices', async () => {
      await show({ ...WHATSAPP_ON, whatsappDaily: { used: 1234, limit: 10000, janazaReserve: 2000 } });
      expect(within(channel('whatsapp')).getByTestId('whatsapp-today')).toHaveTextContent(
        /^WhatsApp today: 1,234 of 10,000 people \(2,000 kept for janaza notices\)$/,
      );
      // only under WhatsApp
      expect(screen.getAllByTestId('whatsapp-today')).toHaveLength(1);
    });

    it('without a known limit', async () => {
      await show({ ...WHATSAPP_ON, whatsappDaily: { used: 87, limit: null, janazaReserve: 0 } });
      expect(screen.getByTestId('whatsapp-today')).toHaveTextContent(
        /^WhatsApp today: 87 people \(no daily limit known\)$/,
      );
    });

    it('with a limit and no reserve', async () => {
      await show({ ...WHATSAPP_ON, whatsappDaily: { used: 250, limit: 250, janazaReserve: 0 } });
      expect(screen.getByTestId('whatsapp-today')).toHaveTextContent(/^WhatsApp today: 250 of 250 people$/);
    });

    it('in Tamil', async () => {
      await show({ ...WHATSAPP_ON, whatsappDaily: { used: 1234, limit: 10000, janazaReserve: 2000 } }, 'ta');
      // "WhatsApp today: 1,234 people of 10,000 (2,000 set aside for janaza notices)"
      expect(screen.getByTestId('whatsapp-today')).toHaveTextContent(
        /^இன்று வாட்ஸ்அப்: 10,000 பேரில் 1,234 பேர் \(ஜனாஸா அறிவிப்புகளுக்காக 2,000 ஒதுக்கப்பட்டுள்ளது\)$/,
      );
    });

    it('in Tamil, without a known limit', async () => {
      await show({ ...WHATSAPP_ON, whatsappDaily: { used: 87, limit: null, janazaReserve: 0 } }, 'ta');
      // "WhatsApp today: 87 people (no daily limit known)"
      expect(screen.getByTestId('whatsapp-today')).toHaveTextContent(
        /^இன்று வாட்ஸ்அப்: 87 பேர் \(தினசரி வரம்பு எதுவும் அறியப்படவில்லை\)$/,
      );
    });

    it('names the janaza templates that can arrive after the prayer, each once with its languages', async () => {
      await show({
        ...WHATSAPP_ON,
        whatsappLateTemplates: [
          { name: 'ummahnotify_correction', language: 'ta', ttlSeconds: -1 },
          { name: 'ummahnotify_correction', language: 'en', ttlSeconds: null },
          { name: 'ummahnotify_cancellation', language: 'en', ttlSeconds: 2_592_000 },
        ],
      });
      expect(within(channel('whatsapp')).getByTestId('whatsapp-late-templates')).toHaveTextContent(
        'Can arrive after the prayer: ummahnotify_correction (en, ta), ummahnotify_cancellation (en). Meta retries ' +
          'these WhatsApp templates for 30 days; set their message time-to-live to 12 hours in WhatsApp Manager.',
      );
    });

    it('names the late templates in Tamil', async () => {
      const late = [{ name: 'ummahnotify_cancellation', language: 'ta', ttlSeconds: null }];
      await show({ ...WHATSAPP_ON, whatsappLateTemplates: late }, 'ta');
      // "Can arrive after the prayer: ... Meta retries these WhatsApp templates for up to 30 days; set their message
      // time-to-live to 12 hours in WhatsApp Manager."
      expect(screen.getByTestId('whatsapp-late-templates')).toHaveTextContent(
        'தொழுகைக்குப் பிறகு வந்து சேரக்கூடியவை: ummahnotify_cancellation (ta). இந்த வாட்ஸ்அப் வார்ப்புருக்களை Meta 30 ' +
          'நாட்கள் வரை மீண்டும் அனுப்ப முயலும்; WhatsApp Manager-இல் அவற்றின் செய்தி ஆயுட்காலத்தை 12 மணி நேரமாக அமைக்கவும்.',
      );
    });

    it('says nothing of the templates when none is late, or when the server could not read them', async () => {
      await show({ ...WHATSAPP_ON, whatsappLateTemplates: [] });
      expect(screen.queryByTestId('whatsapp-late-templates')).not.toBeInTheDocument();
    });

    it('shows nothing of it when the server does not send it', async () => {
      await show(WHATSAPP_ON);
      expect(screen.queryByTestId('whatsapp-today')).not.toBeInTheDocument();
      expect(channel('whatsapp')).not.toHaveTextContent(/today/);
    });
  });

  it('says when the channels cannot be loaded, without hiding the summary', async () => {
    fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: { status: 500, data: { code: 500, message: 'Internal error' } },
    });
    await renderSummary();
    expect(await screen.findByText('Could not load the delivery channels.')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^summary-card-/)).toHaveLength(8);
  });
});
