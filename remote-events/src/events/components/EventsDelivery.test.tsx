import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DELIVERY_API, EMPTY_COUNTS, type EventJson } from '@ummahnotify/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { anEvent } from '../../../../shared/domain/test/answers';
import { EventsList } from './EventsList';

const EVENTS = '/api/v1/admin/events';
const STATUS = `GET ${DELIVERY_API.status}`;
const event = (id: string, heading: string, published: boolean): EventJson => anEvent({ _id: id, heading, published });
const IFTAR = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c01';
const BLOOD = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c02';
const EVENT_LIST = [event(IFTAR, 'Youth Iftar Gathering', false), event(BLOOD, 'Blood Donation Drive', true)];
const CHANNELS = [
  { channel: 'webpush', enabled: true, reason: null },
  { channel: 'email', enabled: false, reason: 'SMTP_URL is not set' },
  { channel: 'whatsapp', enabled: false, reason: 'WHATSAPP_TOKEN is not set' },
  { channel: 'telegram', enabled: true, reason: null },
];
const sent = {
  number: 0,
  createdAt: '2026-11-22T06:00:00.000Z',
  expanded: true,
  channels: {
    ...EMPTY_COUNTS,
    webpush: { sent: 800, failed: 4, pending: 96, expired: 0 },
    telegram: { sent: 20, failed: 0, pending: 1, expired: 0 },
  },
};

const rowOf = (heading: string) => screen.getByText(heading).closest('tr') as HTMLElement;

afterEach(() => {
  restoreApi();
  jest.restoreAllMocks();
});

describe('EventsList delivery', () => {
  it('shows per event and channel sent / failed / pending, Not sent, and Off with its reason', async () => {
    const asked: unknown[] = [];
    fakeApi({
      [`GET ${EVENTS}`]: { status: 200, data: { code: 200, events: EVENT_LIST, nextCursor: null } },
      [STATUS]: (config: InternalAxiosRequestConfig) => {
        asked.push(config.params);
        return { status: 200, data: { channels: CHANNELS, items: { [BLOOD]: [sent] } } };
      },
    });
    await renderWithProviders(<EventsList />);
    const blood = await waitFor(() => rowOf('Blood Donation Drive'));
    const push = await within(blood).findByRole('group', {
      name: 'Web push: 800 sent, 4 failed, 96 pending, 0 expired',
    });
    expect(push).toHaveTextContent('800');
    expect(push).toHaveTextContent('96');
    expect(
      within(blood).getByRole('group', { name: 'Telegram: 20 sent, 0 failed, 1 pending, 0 expired' }),
    ).toBeInTheDocument();
    expect(within(blood).getByText('Delivery')).toBeInTheDocument();
    expect(within(blood).getByTestId('delivery-off')).toHaveTextContent('Off: Email, WhatsApp');
    expect(within(blood).getByLabelText('Email: Off: SMTP_URL is not set')).toBeInTheDocument();
    expect(within(rowOf('Youth Iftar Gathering')).getByText('Not sent')).toBeInTheDocument();
    expect(asked).toEqual([{ kind: 'events', ids: [BLOOD, IFTAR].sort().join(',') }]);
  });

  it('looks at the counts again as soon as an edit (such as Publish now) is saved', async () => {
    let published = false;
    const { calls } = fakeApi({
      [`GET ${EVENTS}`]: () => ({
        status: 200,
        data: { code: 200, events: [event(IFTAR, 'Youth Iftar Gathering', published)], nextCursor: null },
      }),
      [`PATCH ${EVENTS}/${IFTAR}`]: () => {
        published = true;
        return { status: 200, data: { code: 200, data: event(IFTAR, 'Youth Iftar Gathering', true) } };
      },
      [STATUS]: () => ({
        status: 200,
        data: { channels: CHANNELS, items: { [IFTAR]: published ? [{ ...sent, expanded: false }] : [] } },
      }),
    });
    await renderWithProviders(<EventsList />);
    const row = await waitFor(() => rowOf('Youth Iftar Gathering'));
    expect(await within(row).findByText('Not sent')).toBeInTheDocument();
    await act(async () =>
      fireEvent.click(
        within(row)
          .getByText(/^Edit$/)
          .closest('button') as Element,
      ),
    );
    await act(async () =>
      fireEvent.click(screen.getByText('Publish now').closest('label')?.querySelector('input') as Element),
    );
    await act(async () => fireEvent.click(screen.getByText(/^Save$/).closest('button') as Element));
    await waitFor(() =>
      expect(within(rowOf('Youth Iftar Gathering')).getByText('Preparing recipients…')).toBeVisible(),
    );
    expect(calls.filter((c) => c === STATUS).length).toBeGreaterThanOrEqual(2);
  });
});
