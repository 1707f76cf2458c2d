import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  DELIVERY_API,
  type DeliveryStatusResponse,
  EMPTY_COUNTS,
  JANAZA_PATHS,
  type JanazaNotice,
  refusalBody,
  type Sending,
} from '@ummahnotify/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { aNotice } from '../../../../shared/domain/test/answers';
import { JanazaList } from './JanazaList';

const notice = (_id: string, name: string, status: JanazaNotice['status']): JanazaNotice =>
  aNotice({ _id, name, status, age: 70 });
const NOTICES = [notice('a', 'Haji Ismail bin Osman', 'approved'), notice('b', 'Fatimah binte Yusof', 'pending')];
const LIST = `GET ${JANAZA_PATHS.notices}`;
const STATUS = `GET ${DELIVERY_API.status}`;
const CORRECTION = `POST ${DELIVERY_API.janazaCorrection('a')}`;

const broadcast: Sending = {
  number: 0,
  createdAt: '2026-11-22T06:00:00.000Z',
  expanded: true,
  channels: {
    ...EMPTY_COUNTS,
    webpush: { sent: 310, failed: 2, pending: 0, expired: 0 },
    email: { sent: 45, failed: 0, pending: 0, expired: 0 },
  },
};
const status = (items: DeliveryStatusResponse['items']) => ({
  status: 200,
  data: {
    channels: [
      { channel: 'webpush', enabled: true, reason: null },
      { channel: 'email', enabled: true, reason: null },
      { channel: 'whatsapp', enabled: false, reason: 'WHATSAPP_TOKEN is not set' },
      { channel: 'telegram', enabled: false, reason: 'TELEGRAM_BOT_TOKEN is not set' },
    ],
    items,
  },
});

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const correctionOf = (name: string) => screen.queryByRole('button', { name: `Send correction (${name})` });

afterEach(() => {
  restoreApi();
  jest.restoreAllMocks();
});

describe('JanazaList delivery', () => {
  it('shows each notice’s counts per channel from one status request, and Not sent for the others', async () => {
    const asked: unknown[] = [];
    fakeApi({
      [LIST]: { status: 200, data: { code: 200, data: NOTICES } },
      [STATUS]: (config: InternalAxiosRequestConfig) => {
        asked.push(config.params);
        return status({ a: [broadcast], b: [] });
      },
    });
    await renderWithProviders(<JanazaList />);
    await screen.findByText('Showing 2 of 2 notifications');
    expect(within(rowOf('Haji Ismail bin Osman')).getByText('Delivery')).toBeInTheDocument();
    const push = await within(rowOf('Haji Ismail bin Osman')).findByRole('group', {
      name: 'Web push: 310 sent, 2 failed, 0 pending, 0 expired',
    });
    expect(push).toHaveTextContent('310');
    expect(within(rowOf('Haji Ismail bin Osman')).getByTestId('delivery-off')).toHaveTextContent(
      'Off: WhatsApp, Telegram',
    );
    expect(
      within(rowOf('Haji Ismail bin Osman')).getByLabelText('Telegram: Off: TELEGRAM_BOT_TOKEN is not set'),
    ).toBeInTheDocument();
    expect(within(rowOf('Fatimah binte Yusof')).getByText('Not sent')).toBeInTheDocument();
    expect(asked).toEqual([{ kind: 'janaza', ids: 'a,b' }]);

    // Only a notice whose broadcast exists can be corrected.
    expect(correctionOf('Haji Ismail bin Osman')).toBeInTheDocument();
    expect(correctionOf('Fatimah binte Yusof')).not.toBeInTheDocument();
  });

  it('sends a correction after confirming, says so, and looks at the counts again', async () => {
    let corrected = false;
    const { calls } = fakeApi({
      [LIST]: { status: 200, data: { code: 200, data: NOTICES } },
      [STATUS]: () =>
        status({ a: corrected ? [broadcast, { ...broadcast, number: 1, expanded: false }] : [broadcast], b: [] }),
      [CORRECTION]: () => {
        corrected = true;
        return { status: 202, data: { code: 202, data: { number: 1 } } };
      },
    });
    await renderWithProviders(<JanazaList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send correction (Haji Ismail bin Osman)' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Send the current details of this notice again, marked as a correction, to everyone who received it?',
    );
    expect(calls).not.toContain(CORRECTION);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send' })));

    expect(await screen.findByText('Correction queued.')).toBeInTheDocument();
    expect(calls.filter((c) => c === CORRECTION)).toHaveLength(1);
    expect(await within(rowOf('Haji Ismail bin Osman')).findByText('Correction 1')).toBeInTheDocument();
    expect(within(rowOf('Haji Ismail bin Osman')).getByText('Preparing recipients…')).toBeInTheDocument();
    expect(calls.filter((c) => c === STATUS).length).toBeGreaterThanOrEqual(2);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { calls } = fakeApi({
      [LIST]: { status: 200, data: { code: 200, data: NOTICES } },
      [STATUS]: status({ a: [broadcast], b: [] }),
    });
    await renderWithProviders(<JanazaList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send correction (Haji Ismail bin Osman)' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(calls).not.toContain(CORRECTION);
  });

  it('shows the server’s reason when it refuses the correction', async () => {
    fakeApi({
      [LIST]: { status: 200, data: { code: 200, data: NOTICES } },
      [STATUS]: status({ a: [broadcast], b: [] }),
      [CORRECTION]: {
        status: 409,
        data: refusalBody(409, 'A rejected notice is not sent; set it to Notify Now! instead.'),
      },
    });
    await renderWithProviders(<JanazaList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send correction (Haji Ismail bin Osman)' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send' })));
    expect(await screen.findByText('Could not send the correction.')).toBeInTheDocument();
    expect(screen.getByText('A rejected notice is not sent; set it to Notify Now! instead.')).toBeInTheDocument();
  });

  it('shows the counts and the correction button on the phone cards', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      fakeApi({
        [LIST]: { status: 200, data: { code: 200, data: NOTICES } },
        [STATUS]: status({ a: [broadcast], b: [] }),
      });
      await renderWithProviders(<JanazaList />);
      const [first, second] = await screen.findAllByTestId('notice-card');
      expect(
        await within(first).findByRole('group', { name: 'Email: 45 sent, 0 failed, 0 pending, 0 expired' }),
      ).toBeVisible();
      expect(within(first).getByRole('button', { name: 'Send correction (Haji Ismail bin Osman)' })).toBeVisible();
      expect(within(second).getByText('Not sent')).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('keeps the list usable when the delivery status cannot be loaded', async () => {
    fakeApi({
      [LIST]: { status: 200, data: { code: 200, data: NOTICES } },
      [STATUS]: { status: 500, data: { code: 500, message: 'Internal error' } },
    });
    await renderWithProviders(<JanazaList />);
    expect(await screen.findByText('Showing 2 of 2 notifications')).toBeInTheDocument();
    expect(await within(rowOf('Fatimah binte Yusof')).findByText(/Could not load the delivery status\./)).toBeVisible();
    expect(correctionOf('Haji Ismail bin Osman')).not.toBeInTheDocument();
  });
});
