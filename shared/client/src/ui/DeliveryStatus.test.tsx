import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  DELIVERY_API,
  type DeliveryKind,
  type DeliveryStatusResponse,
  EMPTY_COUNTS,
  type Sending,
} from '@ummahnotify/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { CHANNEL_NAMES, DELIVERY } from '../../../domain/test/expected-texts';
import { fakeApi, restoreApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/render';
import { setLanguage } from '../i18n';
import { DeliveryStatus } from './DeliveryStatus';
import {
  DELIVERY_POLL_FAST_MS,
  DELIVERY_POLL_SLOW_MS,
  deliveryPollInterval,
  useDeliveryStatus,
} from './useDeliveryStatus';

const STATUS = `GET ${DELIVERY_API.status}`;

const sending = (over: Partial<Sending> = {}): Sending => ({
  number: 0,
  createdAt: '2026-11-22T06:00:00.000Z',
  expanded: true,
  channels: { ...EMPTY_COUNTS },
  ...over,
});
const CHANNELS: DeliveryStatusResponse['channels'] = [
  { channel: 'webpush', enabled: true, reason: null },
  { channel: 'email', enabled: true, reason: null },
  { channel: 'whatsapp', enabled: false, reason: 'WHATSAPP_TOKEN is not set' },
  { channel: 'telegram', enabled: false, reason: 'TELEGRAM_BOT_TOKEN is not set' },
];
const answer = (items: DeliveryStatusResponse['items']) => ({ status: 200, data: { channels: CHANNELS, items } });

function Page({ kind = 'janaza', ids, shown = ids }: { kind?: DeliveryKind; ids: string[]; shown?: string[] }) {
  const status = useDeliveryStatus(kind, ids);
  return (
    <>
      {shown.map((id) => (
        <section key={id} aria-label={`item ${id}`}>
          <DeliveryStatus id={id} status={status} />
        </section>
      ))}
    </>
  );
}
const item = (id: string) => screen.getByRole('region', { name: `item ${id}` });
const channelOf = (id: string, name: RegExp) => within(item(id)).getByRole('group', { name });
const countIn = (group: HTMLElement, kind: 'sent' | 'failed' | 'pending' | 'expired') =>
  group.querySelector(`[data-count="${kind}"]`)?.textContent?.trim();

/** Moves the fake clock, then lets the answer and the query cache's batched notifications land. */
async function advance(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 5; i++) await act(() => jest.advanceTimersByTimeAsync(10));
}

afterEach(async () => {
  restoreApi();
  jest.useRealTimers();
  await act(() => setLanguage('en'));
});

describe('deliveryPollInterval', () => {
  it('is fast while a latest sending lists recipients or has pending messages, slow otherwise', () => {
    const done = sending({ channels: { ...EMPTY_COUNTS, email: { sent: 3, failed: 1, pending: 0, expired: 0 } } });
    const pending = sending({ channels: { ...EMPTY_COUNTS, email: { sent: 3, failed: 0, pending: 2, expired: 0 } } });
    expect(deliveryPollInterval(undefined)).toBe(DELIVERY_POLL_SLOW_MS);
    expect(deliveryPollInterval({ channels: CHANNELS, items: {} })).toBe(DELIVERY_POLL_SLOW_MS);
    expect(deliveryPollInterval({ channels: CHANNELS, items: { a: [], b: [done] } })).toBe(DELIVERY_POLL_SLOW_MS);
    expect(deliveryPollInterval({ channels: CHANNELS, items: { a: [done], b: [pending] } })).toBe(
      DELIVERY_POLL_FAST_MS,
    );
    expect(deliveryPollInterval({ channels: CHANNELS, items: { a: [sending({ expanded: false })] } })).toBe(
      DELIVERY_POLL_FAST_MS,
    );
    // Messages paused by the provider or waiting for the WhatsApp daily limit are still on their way.
    const paused = sending({
      channels: { ...EMPTY_COUNTS, telegram: { sent: 3, failed: 0, pending: 0, expired: 0 } },
      progress: { telegram: { paused: 4, limited: 0, pausedUntil: null, allBy: null } },
    });
    const limited = sending({
      channels: { ...EMPTY_COUNTS, whatsapp: { sent: 3, failed: 0, pending: 0, expired: 0 } },
      progress: { whatsapp: { paused: 0, limited: 7, pausedUntil: null, allBy: null } },
    });
    expect(deliveryPollInterval({ channels: CHANNELS, items: { a: [done], b: [paused] } })).toBe(DELIVERY_POLL_FAST_MS);
    expect(deliveryPollInterval({ channels: CHANNELS, items: { a: [limited] } })).toBe(DELIVERY_POLL_FAST_MS);
    // Only the latest sending counts: an old broadcast's leftovers do not keep the page busy.
    expect(deliveryPollInterval({ channels: CHANNELS, items: { a: [pending, { ...done, number: 1 }] } })).toBe(
      DELIVERY_POLL_SLOW_MS,
    );
  });
});

describe('DeliveryStatus with useDeliveryStatus', () => {
  it('asks once for every id and shows per channel sent / failed / pending, Not sent and Off with its reason', async () => {
    const params: unknown[] = [];
    fakeApi({
      [STATUS]: (config: InternalAxiosRequestConfig) => {
        params.push(config.params);
        return answer({
          a: [
            sending({
              channels: {
                ...EMPTY_COUNTS,
                webpush: { sent: 1200, failed: 3, pending: 40, expired: 9 },
                email: { sent: 12, failed: 0, pending: 0, expired: 0 },
              },
            }),
          ],
          b: [],
        });
      },
    });
    await renderWithProviders(<Page ids={['b', 'a', 'c']} />);

    const push = await screen.findByRole('group', {
      name: 'Web push: 1200 sent, 3 failed, 40 pending, 9 expired',
    });
    expect(item('a')).toContainElement(push);
    expect(countIn(push, 'sent')).toBe('1,200');
    expect(countIn(push, 'failed')).toBe('3');
    expect(countIn(push, 'pending')).toBe('40');
    // Messages not sent by the prayer time: a fourth number, named in full in its tooltip.
    expect(countIn(push, 'expired')).toBe('9');
    expect(push.querySelector('[data-count="expired"]')).toHaveAttribute(
      'title',
      'Expired (not sent after the prayer time or the start of the event)',
    );
    expect(countIn(channelOf('a', /^Email/), 'sent')).toBe('12');
    // none expired: no fourth number, the narrow list column keeps three
    expect(countIn(channelOf('a', /^Email/), 'expired')).toBeUndefined();

    // Channels that are off and sent nothing share one 'Off' line; each names its reason.
    expect(within(item('a')).queryByRole('group', { name: /^Telegram/ })).not.toBeInTheDocument();
    const off = within(item('a')).getByTestId('delivery-off');
    expect(off).toHaveTextContent('Off: WhatsApp, Telegram');
    expect(within(off).getByLabelText('WhatsApp: Off: WHATSAPP_TOKEN is not set')).toBeInTheDocument();
    fireEvent.mouseEnter(within(off).getByText('Telegram'));
    expect(await screen.findByText('TELEGRAM_BOT_TOKEN is not set')).toBeInTheDocument();

    expect(item('b')).toHaveTextContent('Not sent');
    expect(item('c')).toHaveTextContent('Not sent');
    expect(params).toEqual([{ kind: 'janaza', ids: 'a,b,c' }]);
  });

  it("labels the latest sending 'Correction N' and says 'Preparing recipients…' until it is expanded", async () => {
    fakeApi({
      [STATUS]: answer({
        a: [
          sending({ channels: { ...EMPTY_COUNTS, email: { sent: 9, failed: 0, pending: 0, expired: 0 } } }),
          sending({ number: 2, expanded: false }),
        ],
        b: [
          sending({ number: 1, channels: { ...EMPTY_COUNTS, email: { sent: 5, failed: 1, pending: 0, expired: 0 } } }),
        ],
      }),
    });
    await renderWithProviders(<Page kind="events" ids={['a', 'b']} />);
    expect(await within(item('a')).findByText('Correction 2')).toBeInTheDocument();
    expect(within(item('a')).getByText('Preparing recipients…')).toBeInTheDocument();
    expect(within(item('a')).queryByRole('group')).not.toBeInTheDocument();
    expect(within(item('b')).getByText('Correction 1')).toBeInTheDocument();
    expect(channelOf('b', /^Email: 5 sent, 1 failed, 0 pending/)).toBeInTheDocument();
  });

  it('keeps the last counts with a small warning when a refresh fails', async () => {
    jest.useFakeTimers();
    let fail = false;
    fakeApi({
      [STATUS]: () =>
        fail
          ? { status: 500, data: { code: 500, message: 'Internal error' } }
          : answer({
              a: [sending({ channels: { ...EMPTY_COUNTS, webpush: { sent: 2, failed: 0, pending: 1, expired: 0 } } })],
            }),
    });
    await renderWithProviders(<Page ids={['a']} />);
    await advance(0);
    expect(channelOf('a', /^Web push: 2 sent/)).toBeInTheDocument();

    fail = true;
    await advance(DELIVERY_POLL_FAST_MS);
    expect(channelOf('a', /^Web push: 2 sent/)).toBeInTheDocument();
    expect(within(item('a')).getByRole('img', { name: 'Could not load the delivery status.' })).toBeInTheDocument();
  });

  it('shows a one-line error when the first load fails', async () => {
    fakeApi({ [STATUS]: { status: 0 } });
    await renderWithProviders(<Page ids={['a']} />);
    expect(await within(item('a')).findByText(/Could not load the delivery status\./)).toBeInTheDocument();
  });

  it('polls every 3 s while messages are pending and every 30 s once all are done', async () => {
    jest.useFakeTimers();
    let pending = 5;
    const { calls } = fakeApi({
      [STATUS]: () =>
        answer({
          a: [
            sending({ channels: { ...EMPTY_COUNTS, email: { sent: 10 - pending, failed: 0, pending, expired: 0 } } }),
          ],
        }),
    });
    await renderWithProviders(<Page ids={['a']} />);
    await advance(0);
    expect(calls).toHaveLength(1);
    expect(channelOf('a', /^Email: 5 sent, 0 failed, 5 pending/)).toBeInTheDocument();

    pending = 0;
    await advance(DELIVERY_POLL_FAST_MS);
    expect(calls).toHaveLength(2);
    expect(channelOf('a', /^Email: 10 sent, 0 failed, 0 pending/)).toBeInTheDocument();

    await advance(DELIVERY_POLL_SLOW_MS - 1_000);
    expect(calls).toHaveLength(2);
    await advance(1_000);
    expect(calls).toHaveLength(3);
  });

  it('splits more than 200 ids into requests of 200 and merges the answers', async () => {
    const ids = Array.from({ length: 450 }, (_, i) => `id${String(i).padStart(3, '0')}`);
    const sizes: number[] = [];
    fakeApi({
      [STATUS]: (config: InternalAxiosRequestConfig) => {
        const asked = String((config.params as { ids: string }).ids).split(',');
        sizes.push(asked.length);
        return answer(Object.fromEntries(asked.map((id) => [id, id === 'id449' ? [sending({ number: 3 })] : []])));
      },
    });
    await renderWithProviders(<Page ids={ids} shown={['id000', 'id449']} />);
    expect(await within(item('id449')).findByText('Correction 3')).toBeInTheDocument();
    expect(item('id000')).toHaveTextContent('Not sent');
    expect(sizes).toEqual([200, 200, 50]);
  });

  describe("a broadcast's progress: paused, waiting for the daily limit, all by", () => {
    // 13:00 in Singapore
    const NOW = new Date('2026-11-26T05:00:00.000Z');
    const ALL_ON: DeliveryStatusResponse['channels'] = ['webpush', 'email', 'telegram', 'whatsapp'].map((c) => ({
      channel: c as 'webpush',
      enabled: true,
      reason: null,
    }));
    const moving = sending({
      channels: {
        webpush: { sent: 900, failed: 0, pending: 0, expired: 0 },
        email: { sent: 40, failed: 1, pending: 60, expired: 0 },
        telegram: { sent: 1200, failed: 0, pending: 4800, expired: 0 },
        whatsapp: { sent: 2000, failed: 0, pending: 1300, expired: 0 },
      },
      progress: {
        // the mail server refused a few for pace; no pause of the whole channel; the last one tomorrow morning
        email: { paused: 12, limited: 0, pausedUntil: null, allBy: '2026-11-27T01:15:00.000Z' },
        // Telegram paused the bot until 14:03; the last one at 14:07
        telegram: {
          paused: 4800,
          limited: 0,
          pausedUntil: '2026-11-26T06:03:00.000Z',
          allBy: '2026-11-26T06:07:00.000Z',
        },
        // 1 234 wait for the number's daily limit: when the last one goes cannot be told
        whatsapp: { paused: 0, limited: 1234, pausedUntil: null, allBy: null },
      },
    });
    const note = (group: HTMLElement, kind: 'allBy' | 'paused' | 'limited') =>
      group.querySelector(`[data-progress="${kind}"]`);

    async function show() {
      jest.useFakeTimers({ now: NOW });
      fakeApi({ [STATUS]: { status: 200, data: { channels: ALL_ON, items: { a: [moving] } } } });
      await renderWithProviders(<Page ids={['a']} />);
      await advance(0);
    }

    it('in English: the expected end in Singapore time, the pause (not a failure) and the daily limit', async () => {
      await show();
      const telegram = channelOf('a', /^Telegram/);
      expect(telegram).toHaveAccessibleName(
        'Telegram: 1200 sent, 0 failed, 4800 pending, 0 expired; Paused by Telegram until 14:03; All by 14:07',
      );
      expect(note(telegram, 'paused')?.textContent?.trim()).toBe(DELIVERY.pausedUntil.en('Telegram', '14:03'));
      expect(note(telegram, 'allBy')?.textContent?.trim()).toBe(DELIVERY.allBy.en('14:07'));
      expect(note(telegram, 'limited')).toBeNull();
      // explained on hover: slowed down by the provider, not failed
      expect(note(telegram, 'paused')).toHaveAttribute('title', expect.stringMatching(/slow down.*not failed/));
      // amber, never the red of failures
      expect(note(telegram, 'paused')).not.toHaveStyle({ color: '#cf1322' });

      const email = channelOf('a', /^Email/);
      // some paused, the channel itself not: how many; the end another day: with its date
      expect(note(email, 'paused')).toHaveTextContent(/^12 paused by the mail server$/);
      expect(note(email, 'allBy')).toHaveTextContent(/^All by 27-11-2026 09:15$/);

      const whatsapp = channelOf('a', /^WhatsApp/);
      expect(whatsapp).toHaveAccessibleName(
        "WhatsApp: 2000 sent, 0 failed, 1300 pending, 0 expired; 1,234 waiting for WhatsApp's daily limit",
      );
      expect(note(whatsapp, 'limited')?.textContent?.trim()).toBe(DELIVERY.waitingForDailyLimit.en('1,234'));
      expect(note(whatsapp, 'allBy')).toBeNull();
      expect(note(whatsapp, 'paused')).toBeNull();

      // nothing pending on web push: no note at all
      const push = channelOf('a', /^Web push/);
      expect(push).toHaveAccessibleName('Web push: 900 sent, 0 failed, 0 pending, 0 expired');
      expect(push.querySelector('[data-progress]')).toBeNull();
    });

    it('in Tamil', async () => {
      await act(() => setLanguage('ta'));
      await show();
      const telegram = channelOf('a', new RegExp(`^${CHANNEL_NAMES.telegram.ta}`));
      // "Telegram has paused until 14:03", "will be sent to everyone by 14:07"
      expect(note(telegram, 'paused')?.textContent?.trim()).toBe(
        DELIVERY.pausedUntil.ta(CHANNEL_NAMES.telegram.ta, '14:03'),
      );
      expect(note(telegram, 'allBy')?.textContent?.trim()).toBe(DELIVERY.allBy.ta('14:07'));
      expect(telegram).toHaveAccessibleName(
        'டெலிகிராம்: 1200 அனுப்பப்பட்டது, 0 தோல்வி, 4800 நிலுவையில், 0 காலாவதியானது; டெலிகிராம் 14:03 வரை இடைநிறுத்தியுள்ளது; 14:07-க்குள் அனைவருக்கும் அனுப்பப்படும்',
      );
      // "paused by the mail server: 12"
      expect(note(channelOf('a', new RegExp(`^${CHANNEL_NAMES.email.ta}`)), 'paused')).toHaveTextContent(
        /^மின்னஞ்சல் சேவையகம் இடைநிறுத்தியவை: 12$/,
      );
      // "1,234 are waiting for WhatsApp's daily limit"
      expect(note(channelOf('a', new RegExp(`^${CHANNEL_NAMES.whatsapp.ta}`)), 'limited')?.textContent?.trim()).toBe(
        DELIVERY.waitingForDailyLimit.ta('1,234'),
      );
    });

    it('an event held for the quiet hours says when it goes out, in English and in Tamil', async () => {
      jest.useFakeTimers({ now: new Date('2026-11-28T15:30:00.000Z') }); // 23:30 in Singapore
      const held = sending({
        channels: {
          webpush: { sent: 0, failed: 0, pending: 900, expired: 0 },
          email: { sent: 0, failed: 0, pending: 60, expired: 0 },
          telegram: { sent: 0, failed: 0, pending: 1200, expired: 0 },
          whatsapp: { sent: 0, failed: 0, pending: 300, expired: 0 },
        },
        heldUntil: '2026-11-28T23:00:00.000Z', // 07:00 the next morning
      });
      fakeApi({ [STATUS]: { status: 200, data: { channels: ALL_ON, items: { a: [held] } } } });
      await renderWithProviders(<Page ids={['a']} />);
      await advance(0);
      expect(within(item('a')).getByTestId('delivery-held')).toHaveTextContent(
        DELIVERY.heldUntil.en('29-11-2026 07:00'),
      );
      await act(() => setLanguage('ta'));
      expect(within(item('a')).getByTestId('delivery-held')).toHaveTextContent(
        DELIVERY.heldUntil.ta('29-11-2026 07:00'),
      );
    });

    it('shows none of it when the server sends no progress, and names every channel in full', async () => {
      jest.useFakeTimers({ now: NOW });
      fakeApi({
        [STATUS]: { status: 200, data: { channels: ALL_ON, items: { a: [{ ...moving, progress: undefined }] } } },
      });
      await renderWithProviders(<Page ids={['a']} />);
      await advance(0);
      const telegram = channelOf('a', /^Telegram/);
      expect(telegram).toHaveAccessibleName('Telegram: 1200 sent, 0 failed, 4800 pending, 0 expired');
      expect(item('a').querySelector('[data-progress]')).toBeNull();
      expect(item('a')).not.toHaveTextContent(/All by|Paused|paused|waiting/);
      // the names are whole: no ellipsis cuts them
      for (const { en: name } of Object.values(CHANNEL_NAMES)) {
        const label = within(item('a')).getByText(name);
        expect(label.closest('[style*="ellipsis"]')).toBeNull();
      }
    });
  });
});
