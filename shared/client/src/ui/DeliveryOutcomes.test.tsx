import { act, fireEvent, screen, within } from '@testing-library/react';
import { DELIVERY_API, type DeliveryStatusResponse, EMPTY_COUNTS, type Sending } from '@ummahnotify/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { type FakeAnswer, fakeApi, restoreApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/render';
import { useAuthStore } from '../authStore';
import { setLanguage } from '../i18n';
import { DeliveryStatus } from './DeliveryStatus';
import { useDeliveryStatus } from './useDeliveryStatus';

const STATUS = `GET ${DELIVERY_API.status}`;
const RETRY = `POST ${DELIVERY_API.retry}`;
const ID = 'n1';

/** The broadcast of a notice: WhatsApp reported 3 delivered (1 read); 6 failed for three causes; 2 wait for a pause. */
const BROADCAST: Sending = {
  number: 0,
  createdAt: '2026-11-28T05:00:00.000Z',
  expanded: true,
  channels: {
    ...EMPTY_COUNTS,
    whatsapp: {
      sent: 6,
      failed: 6,
      pending: 2,
      expired: 0,
      delivered: 3,
      read: 1,
      reasons: [
        { code: 'whatsapp:131026', count: 4 },
        { code: 'whatsapp:131050', count: 1 },
        { code: null, count: 1 },
      ],
    },
    email: {
      sent: 9,
      failed: 3,
      pending: 0,
      expired: 0,
      reasons: [
        { code: 'smtp:5.1.1', count: 2 },
        { code: 'smtp:5.5.0', count: 1 },
      ],
    },
  },
};
const ANSWER: DeliveryStatusResponse = {
  channels: [
    { channel: 'webpush', enabled: true, reason: null },
    { channel: 'email', enabled: true, reason: null },
    { channel: 'whatsapp', enabled: true, reason: null },
    { channel: 'telegram', enabled: false, reason: 'TELEGRAM_BOT_TOKEN is not set' },
  ],
  items: { [ID]: [BROADCAST] },
  pauses: [
    {
      channel: 'whatsapp',
      code: 'whatsapp:132015',
      reason: '(#132015) Cannot send message with the paused template',
      since: '2026-11-28T06:00:00.000Z',
      // 14:05 in Singapore
      until: '2026-11-28T06:05:00.000Z',
    },
  ],
};

function Page() {
  const status = useDeliveryStatus('janaza', [ID]);
  return <DeliveryStatus id={ID} status={status} kind="janaza" />;
}
const channel = (name: RegExp) => screen.getByRole('group', { name });
const notes = (group: HTMLElement) =>
  [...group.querySelectorAll('[data-progress]')].map((n) => [n.getAttribute('data-progress'), n.textContent?.trim()]);

beforeEach(() => {
  // The same Singapore day as the pause, so its time reads "14:05"; timers run on.
  jest.useFakeTimers({ now: new Date('2026-11-28T06:01:00.000Z'), advanceTimers: true });
});
afterEach(async () => {
  restoreApi();
  jest.useRealTimers();
  useAuthStore.getState().reset();
  await act(() => setLanguage('en'));
});

describe('what became of the messages', () => {
  it('shows WhatsApp delivered and read, the reasons of failures, and the channel paused for the account', async () => {
    fakeApi({ [STATUS]: { status: 200, data: ANSWER } });
    await renderWithProviders(<Page />);
    const whatsapp = await screen.findByRole('group', { name: /^WhatsApp:/ });
    expect(notes(whatsapp)).toEqual([
      ['account', 'WhatsApp paused: template paused by Meta (132015); tried again at 14:05'],
      ['receipts', '3 delivered, 1 read'],
      ['reason', '4 not on WhatsApp'],
      ['reason', '1 stopped marketing messages'],
      ['reason', '1 failed (no reason given)'],
    ]);
    // the pause is the account's, not the recipients': said so where the mouse rests
    expect(whatsapp.querySelector('[data-progress="account"]')).toHaveAttribute(
      'title',
      'Refused for our account, not for the recipients: nobody fails; the messages wait and go once it is mended.',
    );
    // Email never reports delivery: no such line; an unknown code is shown as it is.
    expect(notes(channel(/^Email:/))).toEqual([
      ['reason', '2 whose mailbox does not exist'],
      ['reason', '1 failed (smtp:5.5.0)'],
    ]);
    expect(notes(channel(/^Web push:/))).toEqual([]);
  });

  it('says it in Tamil', async () => {
    await act(() => setLanguage('ta'));
    fakeApi({ [STATUS]: { status: 200, data: ANSWER } });
    await renderWithProviders(<Page />);
    const whatsapp = await screen.findByRole('group', { name: /^வாட்ஸ்அப்:/ });
    expect(notes(whatsapp)).toEqual([
      [
        'account',
        'வாட்ஸ்அப் இடைநிறுத்தப்பட்டுள்ளது: செய்தி வார்ப்புருவை Meta இடைநிறுத்தியுள்ளது (132015); 14:05-க்கு மீண்டும் முயற்சிக்கப்படும்',
      ],
      ['receipts', '3 சென்றடைந்தன, 1 படிக்கப்பட்டன'],
      ['reason', '4 பேர் வாட்ஸ்அப்பில் இல்லை'],
      ['reason', '1 பேர் சந்தைப்படுத்தல் செய்திகளை நிறுத்தியுள்ளனர்'],
      ['reason', '1 தோல்வி (காரணம் தெரிவிக்கப்படவில்லை)'],
    ]);
    expect(notes(channel(/^மின்னஞ்சல்:/))).toEqual([
      ['reason', '2 பேரின் அஞ்சல்பெட்டி இல்லை'],
      ['reason', '1 தோல்வி (smtp:5.5.0)'],
    ]);
  });
});

describe('Retry failed', () => {
  it('is offered to a superadmin only', async () => {
    useAuthStore.getState().setUser({ fName: 'Aisha', rights: 'admin' });
    fakeApi({ [STATUS]: { status: 200, data: ANSWER } });
    await renderWithProviders(<Page />);
    await screen.findByRole('group', { name: /^WhatsApp:/ });
    expect(screen.queryByRole('button', { name: /Retry failed/ })).not.toBeInTheDocument();
  });

  it('asks first, sends the sending to retry, says how many went back and looks at the counts again', async () => {
    useAuthStore.getState().setUser({ fName: 'Aisha', rights: 'superadmin' });
    let answerRetry: (a: FakeAnswer) => void = () => {};
    const bodies: unknown[] = [];
    const { calls } = fakeApi({
      [STATUS]: { status: 200, data: ANSWER },
      [RETRY]: (config: InternalAxiosRequestConfig) => {
        bodies.push(JSON.parse(config.data as string));
        return new Promise<FakeAnswer>((resolve) => {
          answerRetry = resolve;
        });
      },
    });
    await renderWithProviders(<Page />);
    const button = await screen.findByRole('button', { name: 'Retry failed (Failed: 9)' });
    fireEvent.click(button);
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Send the failed messages of this sending again to everyone still subscribed?');
    expect(bodies).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retry' }));
    await act(async () => {});
    expect(bodies).toEqual([{ kind: 'janaza', id: ID, number: 0 }]);
    expect(screen.getByRole('button', { name: 'Retry failed (Failed: 9)' })).toHaveClass('ant-btn-loading');
    const statusCalls = calls.filter((c) => c === STATUS).length;
    await act(async () => answerRetry({ status: 200, data: { code: 200, data: { retried: 8 } } }));
    expect(await screen.findByText('8 messages queued again.')).toBeInTheDocument();
    expect(calls.filter((c) => c === STATUS).length).toBeGreaterThan(statusCalls);
  });

  it('says why when the server refuses', async () => {
    useAuthStore.getState().setUser({ fName: 'Aisha', rights: 'superadmin' });
    fakeApi({
      [STATUS]: { status: 200, data: ANSWER },
      [RETRY]: {
        status: 404,
        data: {
          code: 404,
          message: 'That sending does not exist (the item may have been deleted).',
          key: 'delivery:retry.notFound',
          params: {},
        },
      },
    });
    await renderWithProviders(<Page />);
    fireEvent.click(await screen.findByRole('button', { name: /Retry failed/ }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Could not retry the failed messages.')).toBeInTheDocument();
    expect(screen.getByText('That sending does not exist (the item may have been deleted).')).toBeInTheDocument();
  });
});
