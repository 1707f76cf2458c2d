import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
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

const NAME = 'Haji Ismail bin Osman';
const sent = aNotice({ _id: 'a', name: NAME, status: 'approved', age: 70 });
const LIST = `GET ${JANAZA_PATHS.notices}`;
const STATUS = `GET ${DELIVERY_API.status}`;
const WITHDRAW = `POST ${JANAZA_PATHS.withdrawal('a')}`;

const broadcast: Sending = {
  number: 0,
  createdAt: '2026-11-22T06:00:00.000Z',
  expanded: true,
  channels: { ...EMPTY_COUNTS, webpush: { sent: 310, failed: 0, pending: 0, expired: 0 } },
};
const status = (items: DeliveryStatusResponse['items']) => ({
  status: 200,
  data: { channels: [{ channel: 'webpush', enabled: true, reason: null }], items },
});
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

afterEach(async () => {
  restoreApi();
  jest.restoreAllMocks();
  await act(() => setLanguage('en'));
});

describe('Withdraw a sent notice', () => {
  it('asks for the reason, sends it, and shows the notice withdrawn with its cancellation', async () => {
    let withdrawn: JanazaNotice | null = null;
    const bodies: unknown[] = [];
    const { calls } = fakeApi({
      [LIST]: () => ({ status: 200, data: { code: 200, data: [withdrawn ?? sent] } }),
      [STATUS]: () =>
        status({ a: withdrawn ? [broadcast, { ...broadcast, number: 1, cancellation: true }] : [broadcast] }),
      [WITHDRAW]: (config: InternalAxiosRequestConfig) => {
        bodies.push(JSON.parse(String(config.data)));
        withdrawn = { ...sent, withdrawnAt: '2026-11-22T07:00:00.000Z', withdrawnReason: 'Wrong person' };
        return { status: 200, data: { code: 200, data: withdrawn } };
      },
    });
    await renderWithProviders(<JanazaList />);
    fireEvent.click(await screen.findByRole('button', { name: `Withdraw (${NAME})` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Everyone it reached gets a short cancellation');

    // No reason: refused on the page, nothing sent.
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw and tell everyone' })));
    expect(await within(dialog).findByText('Write why the notice is withdrawn')).toBeInTheDocument();
    expect(calls).not.toContain(WITHDRAW);

    fireEvent.change(within(dialog).getByLabelText('Reason (kept for staff, not sent)'), {
      target: { value: 'Wrong person' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw and tell everyone' })));
    expect(await screen.findByText('Notice withdrawn. The cancellations are on their way.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Wrong person' }]);
    expect(await within(rowOf(NAME)).findByText('Cancellation')).toBeInTheDocument();
    expect(within(rowOf(NAME)).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(rowOf(NAME)).getByText('Wrong person')).toBeInTheDocument();
    expect(within(rowOf(NAME)).queryByRole('button', { name: `Withdraw (${NAME})` })).toBeNull();
    expect(within(rowOf(NAME)).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('shows the server’s reason when it refuses, in Tamil too', async () => {
    fakeApi({
      [LIST]: { status: 200, data: { code: 200, data: [sent] } },
      [STATUS]: status({ a: [broadcast] }),
      [WITHDRAW]: { status: 409, data: refusalBody(409, 'This notice was already withdrawn.') },
    });
    await act(() => setLanguage('ta'));
    await renderWithProviders(<JanazaList />);
    fireEvent.click(await screen.findByRole('button', { name: `திரும்பப் பெறு (${NAME})` }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('காரணம் (பணியாளர்களுக்கு மட்டும், அனுப்பப்படாது)'), {
      target: { value: 'தவறான நபர்' },
    });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'திரும்பப் பெற்று அனைவருக்கும் தெரிவி' })),
    );
    expect(await screen.findByText('அறிவிப்பைத் திரும்பப் பெற முடியவில்லை.')).toBeInTheDocument();
    expect(screen.getByText('இந்த அறிவிப்பு ஏற்கனவே திரும்பப் பெறப்பட்டது.')).toBeInTheDocument();
  });
});
