import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { DELIVERY_API, EMPTY_COUNTS, EVENT_PATHS, type EventJson, refusalBody } from '@ummahnotify/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { type FakeAnswer, fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { anEvent } from '../../../../shared/domain/test/answers';
import { EventsList } from './EventsList';

const BLOOD = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c02';
const IFTAR = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c01';
const BAZAAR = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c04';
const LIST = `GET ${EVENT_PATHS.list}`;
const STATUS = `GET ${DELIVERY_API.status}`;
const WITHDRAW = `POST ${EVENT_PATHS.withdrawal(BLOOD)}`;

const event = (id: string, heading: string, over: Partial<EventJson> = {}): EventJson =>
  anEvent({ _id: id, heading, published: true, subHeading: '', subHeadingTa: '', ...over });
const blood = event(BLOOD, 'Blood Donation Drive');
const iftar = event(IFTAR, 'Youth Iftar Gathering', { published: false });
// withdrawn the day before: still published, final
const bazaar = event(BAZAAR, 'Charity Bazaar', {
  withdrawnAt: '2026-11-21T07:00:00.000Z',
  withdrawnReason: 'Venue closed',
});
const sending = {
  number: 0,
  createdAt: '2026-11-22T06:00:00.000Z',
  expanded: true,
  channels: { ...EMPTY_COUNTS, webpush: { sent: 12, failed: 0, pending: 0, expired: 0 } },
};
// every event was sent: what hides "Send correction" of a withdrawn one is its withdrawal
const status = {
  status: 200,
  data: {
    channels: [{ channel: 'webpush', enabled: true, reason: null }],
    items: { [BLOOD]: [sending], [IFTAR]: [sending], [BAZAAR]: [sending] },
  },
};
const rowOf = (heading: string) => screen.getByText(heading).closest('tr') as HTMLElement;
const click = (element: Element) => act(async () => fireEvent.click(element));

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

function serve(withdrawal: (config: InternalAxiosRequestConfig) => FakeAnswer) {
  let withdrawn: EventJson | null = null;
  return fakeApi({
    [LIST]: () => ({ status: 200, data: { code: 200, events: [withdrawn ?? blood, iftar, bazaar], nextCursor: null } }),
    [STATUS]: status,
    [WITHDRAW]: (config) => {
      const answer = withdrawal(config);
      if (answer.status === 200) withdrawn = (answer.data as { data: EventJson }).data;
      return answer;
    },
  });
}

/** Opens the Withdraw dialog of the Blood Donation Drive (its button named in the language on screen). */
async function openDialog(button: string) {
  await renderWithProviders(<EventsList />);
  await click(await screen.findByRole('button', { name: `${button} (Blood Donation Drive)` }));
  return screen.findByRole('dialog');
}

describe('Withdraw a published event', () => {
  it('only a published event that stands has it; a withdrawn one shows its reason and keeps only View and Delete', async () => {
    serve(() => ({ status: 500 }));
    await renderWithProviders(<EventsList />);
    await screen.findByRole('button', { name: 'Withdraw (Blood Donation Drive)' });
    expect(within(rowOf('Youth Iftar Gathering')).queryByRole('button', { name: /Withdraw/ })).toBeNull();

    const row = rowOf('Charity Bazaar');
    expect(within(row).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(row).getByText('Venue closed')).toBeInTheDocument();
    // no green tick as if it stood: its Withdrawn note says what it is
    expect(within(row).queryByTitle('Published')).toBeNull();
    expect(within(rowOf('Blood Donation Drive')).getByTitle('Published')).toHaveTextContent('✔');
    for (const name of [/Withdraw \(/, /^Edit$/, /Send correction/])
      expect(within(row).queryByRole('button', { name })).toBeNull();
    expect(within(row).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('refuses an empty reason, then sends {reason} and shows the event withdrawn', async () => {
    const bodies: unknown[] = [];
    const { calls } = serve((config) => {
      bodies.push(JSON.parse(String(config.data)));
      const answer = { ...blood, withdrawnAt: '2026-11-22T07:00:00.000Z', withdrawnReason: 'Wrong date' };
      return { status: 200, data: { code: 200, data: answer } };
    });
    const dialog = await openDialog('Withdraw');
    expect(dialog).toHaveTextContent('Withdraw this event?');
    expect(dialog).toHaveTextContent('Everyone it reached gets a short message that it is cancelled');

    // No reason (or only spaces): refused under the field, nothing sent.
    fireEvent.change(within(dialog).getByLabelText('Reason (kept for staff, not sent)'), { target: { value: '   ' } });
    await click(within(dialog).getByRole('button', { name: 'Withdraw and tell everyone' }));
    expect(await within(dialog).findByText('Write why the event is withdrawn')).toBeInTheDocument();
    expect(calls).not.toContain(WITHDRAW);

    fireEvent.change(within(dialog).getByLabelText('Reason (kept for staff, not sent)'), {
      target: { value: 'Wrong date' },
    });
    await click(within(dialog).getByRole('button', { name: 'Withdraw and tell everyone' }));
    expect(await screen.findByText('Event withdrawn. The cancellations are on their way.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Wrong date' }]);
    const row = rowOf('Blood Donation Drive');
    expect(await within(row).findByText('Wrong date')).toBeInTheDocument();
    expect(within(row).getByText('Withdrawn')).toBeInTheDocument();
    for (const name of [/Withdraw \(/, /^Edit$/, /Send correction/])
      expect(within(row).queryByRole('button', { name })).toBeNull();
  });

  it('"Keep it" sends nothing', async () => {
    const { calls } = serve(() => ({ status: 500 }));
    const dialog = await openDialog('Withdraw');
    await click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).not.toContain(WITHDRAW);
  });

  it("shows the server's refusal", async () => {
    serve(() => ({ status: 409, data: refusalBody(409, 'This event was already withdrawn.') }));
    const dialog = await openDialog('Withdraw');
    fireEvent.change(within(dialog).getByLabelText('Reason (kept for staff, not sent)'), {
      target: { value: 'Wrong date' },
    });
    await click(within(dialog).getByRole('button', { name: 'Withdraw and tell everyone' }));
    expect(await screen.findByText('The event could not be withdrawn.')).toBeInTheDocument();
    expect(screen.getByText('This event was already withdrawn.')).toBeInTheDocument();
    // the dialog stays open, with the reason, for another try or "Keep it"
    expect(within(dialog).getByLabelText('Reason (kept for staff, not sent)')).toHaveValue('Wrong date');
  });

  it('in Tamil: the mark, the missing reason and the refusal', async () => {
    await act(() => setLanguage('ta'));
    const { calls } = serve(() => ({
      status: 409,
      data: refusalBody(409, 'Only a published event can be withdrawn; unpublish or delete this one instead.'),
    }));
    const dialog = await openDialog('திரும்பப் பெறு');
    expect(within(rowOf('Charity Bazaar')).getByText('திரும்பப் பெறப்பட்டது')).toBeInTheDocument();

    await click(within(dialog).getByRole('button', { name: 'திரும்பப் பெற்று அனைவருக்கும் தெரிவி' }));
    expect(await within(dialog).findByText('நிகழ்வு ஏன் திரும்பப் பெறப்படுகிறது என்று எழுதவும்')).toBeInTheDocument();
    expect(calls).not.toContain(WITHDRAW);

    fireEvent.change(within(dialog).getByLabelText('காரணம் (பணியாளர்களுக்கு மட்டும், அனுப்பப்படாது)'), {
      target: { value: 'தவறான தேதி' },
    });
    await click(within(dialog).getByRole('button', { name: 'திரும்பப் பெற்று அனைவருக்கும் தெரிவி' }));
    expect(await screen.findByText('நிகழ்வைத் திரும்பப் பெற முடியவில்லை.')).toBeInTheDocument();
    expect(
      screen.getByText('வெளியிடப்பட்ட நிகழ்வை மட்டுமே திரும்பப் பெற முடியும்; இதை வெளியீட்டிலிருந்து எடுக்கவும் அல்லது நீக்கவும்.'),
    ).toBeInTheDocument();
  });
});
