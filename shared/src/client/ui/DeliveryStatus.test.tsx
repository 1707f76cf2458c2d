import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import {
  DELIVERY_API,
  type DeliveryKind,
  type DeliveryStatusResponse,
  EMPTY_COUNTS,
  type Sending,
} from '@ummahnotify/shared/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { fakeApi, restoreApi } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/render';
import { DeliveryStatus } from './DeliveryStatus';
import {
  DELIVERY_POLL_FAST_MS,
  DELIVERY_POLL_SLOW_MS,
  deliveryPollInterval,
  useDeliveryStatus,
} from './useDeliveryStatus';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

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

afterEach(() => {
  restoreApi();
  jest.useRealTimers();
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
});
