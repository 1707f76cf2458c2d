import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { DELIVERY_API, EMPTY_COUNTS, EVENT_PATHS, type EventJson, refusalBody } from '@ummahnotify/domain';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { anEvent } from '../../../../shared/domain/test/answers';
import { EventsList } from './EventsList';

const STATUS = `GET ${DELIVERY_API.status}`;
const IFTAR = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c01';
const BLOOD = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c02';
const UNSENT = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c03';
const event = (id: string, heading: string, published: boolean): EventJson =>
  anEvent({
    _id: id,
    heading,
    published,
    registration: false,
    subHeading: '',
    subHeadingTa: '',
    content: '',
    contentTa: '',
    addressTa: '',
  });
const CHANNELS = [{ channel: 'webpush', enabled: true, reason: null }];
const sending = (number: number) => ({
  number,
  createdAt: '2026-11-22T06:00:00.000Z',
  expanded: true,
  channels: { ...EMPTY_COUNTS, webpush: { sent: 12, failed: 0, pending: 0, expired: 0 } },
});
const EVENTS = [
  event(BLOOD, 'Blood Donation Drive', true),
  event(IFTAR, 'Youth Iftar Gathering', false),
  // published a moment ago: its broadcast is not written yet, there is nobody to correct
  event(UNSENT, 'Quran Circle', true),
];
const rowOf = (heading: string) => screen.getByText(heading).closest('tr') as HTMLElement;

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

function serve(correction: { status: number; data: unknown }) {
  let corrected = false;
  const api = fakeApi({
    [`GET ${EVENT_PATHS.list}`]: { status: 200, data: { code: 200, events: EVENTS, nextCursor: null } },
    [STATUS]: () => ({
      status: 200,
      data: {
        channels: CHANNELS,
        items: { [BLOOD]: corrected ? [sending(0), sending(1)] : [sending(0)], [IFTAR]: [sending(0)] },
      },
    }),
    [`POST ${EVENT_PATHS.correction(BLOOD)}`]: () => {
      corrected = correction.status === 202;
      return correction;
    },
  });
  return api;
}

describe('Send correction on a published event', () => {
  it('only a published, sent event has it; it asks first, then sends and says so', async () => {
    const { calls } = serve({ status: 202, data: { code: 202, data: { number: 1 } } });
    await renderWithProviders(<EventsList />);
    const blood = await waitFor(() => rowOf('Blood Donation Drive'));
    const button = await within(blood).findByRole('button', { name: 'Send correction (Blood Donation Drive)' });
    // unpublished since its broadcast, and published but not sent yet: no correction
    expect(within(rowOf('Youth Iftar Gathering')).queryByRole('button', { name: /Send correction/ })).toBeNull();
    expect(within(rowOf('Quran Circle')).queryByRole('button', { name: /Send correction/ })).toBeNull();

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/marked as a correction, to everyone who received it/)).toBeInTheDocument();
    expect(calls).not.toContain(`POST ${EVENT_PATHS.correction(BLOOD)}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Correction queued.')).toBeInTheDocument();
    expect(calls.filter((c) => c === `POST ${EVENT_PATHS.correction(BLOOD)}`)).toHaveLength(1);
    expect(await within(rowOf('Blood Donation Drive')).findByText('Correction 1')).toBeInTheDocument();
  });

  it('Cancel sends nothing', async () => {
    const { calls } = serve({ status: 202, data: { code: 202, data: { number: 1 } } });
    await renderWithProviders(<EventsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send correction (Blood Donation Drive)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).not.toContain(`POST ${EVENT_PATHS.correction(BLOOD)}`);
  });

  it("the server's refusal is shown in Tamil when Tamil is chosen", async () => {
    await act(() => setLanguage('ta'));
    serve({
      status: 409,
      data: refusalBody(409, 'This event is not published: publish it first; there is nothing to correct yet.'),
    });
    await renderWithProviders(<EventsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'திருத்தம் அனுப்பு (Blood Donation Drive)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/எல்லா வழிகளிலும் மீண்டும் அனுப்பவா/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'அனுப்பு' }));
    expect(await screen.findByText('திருத்தத்தை அனுப்ப முடியவில்லை.')).toBeInTheDocument();
    expect(screen.getByText(/இந்த நிகழ்வு வெளியிடப்படவில்லை: முதலில் வெளியிடவும்/)).toBeInTheDocument();
  });
});
