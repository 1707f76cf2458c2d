import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { DELIVERY_API, SUMMARY_API } from '@ummahnotify/domain';
import { type FakeAnswer, fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { summary } from '../../summaryAnswer.test-data';
import { renderSummary } from '../../summaryPage.test-data';

const ZERO = { sent: 0, failed: 0, pending: 0, expired: 0 };
const PAUSE = {
  channel: 'whatsapp',
  code: 'whatsapp:132015',
  reason: '(#132015) Cannot send message with the paused template',
  since: '2026-11-28T06:00:00.000Z',
  until: '2026-11-28T06:05:00.000Z',
};
const channels = (pauses: unknown[]) => ({
  channels: ['webpush', 'email', 'whatsapp', 'telegram'].map((channel) => ({ channel, enabled: true, reason: null })),
  recent: { webpush: ZERO, email: ZERO, whatsapp: { ...ZERO, pending: 8 }, telegram: ZERO },
  pauses,
});
const RESUME = `POST ${DELIVERY_API.resume('whatsapp')}`;

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-28T06:01:00.000Z'), advanceTimers: true });
});
afterEach(async () => {
  restoreApi();
  jest.useRealTimers();
  await act(() => setLanguage('en'));
});

describe('a channel paused for the account, on the channels card', () => {
  it('says why, with the provider code and the next try, and resumes it once confirmed', async () => {
    let paused = true;
    let answerResume: (a: FakeAnswer) => void = () => {};
    const { calls } = fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: () => ({ status: 200, data: channels(paused ? [PAUSE] : []) }),
      [RESUME]: () =>
        new Promise<FakeAnswer>((resolve) => {
          answerResume = resolve;
        }),
    });
    await renderSummary();
    const pause = await screen.findByTestId('channel-pause-whatsapp');
    expect(pause).toHaveTextContent('WhatsApp paused: template paused by Meta (132015)tried again at 14:05');
    expect(screen.getByTestId('delivery-channel-whatsapp')).toHaveTextContent(/^WhatsAppPaused/);
    fireEvent.click(within(pause).getByRole('button', { name: 'Resume (WhatsApp)' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent(
      'Resume WhatsApp now? Its waiting messages go at once; if the cause is not mended, it pauses again.',
    );
    expect(calls).not.toContain(RESUME);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Resume' }));
    await act(async () => {});
    expect(calls).toContain(RESUME);
    expect(within(pause).getByRole('button', { name: 'Resume (WhatsApp)' })).toHaveClass('ant-btn-loading');
    paused = false;
    await act(async () => answerResume({ status: 200, data: { code: 200, data: { resumed: true } } }));
    expect(await screen.findByText('WhatsApp resumed: its waiting messages are on their way.')).toBeInTheDocument();
    // the card is read again: the pause is gone
    expect(await screen.findByTestId('delivery-channel-whatsapp')).toHaveTextContent(/^WhatsAppOn/);
    expect(screen.queryByTestId('channel-pause-whatsapp')).not.toBeInTheDocument();
  });

  it('in Tamil', async () => {
    await act(() => setLanguage('ta'));
    fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: { status: 200, data: channels([PAUSE]) },
    });
    await renderSummary();
    const pause = await screen.findByTestId('channel-pause-whatsapp');
    expect(pause).toHaveTextContent(
      'வாட்ஸ்அப் இடைநிறுத்தப்பட்டுள்ளது: செய்தி வார்ப்புருவை Meta இடைநிறுத்தியுள்ளது (132015)14:05-க்கு மீண்டும் முயற்சிக்கப்படும்',
    );
    expect(within(pause).getByRole('button', { name: 'மீண்டும் தொடங்கு (வாட்ஸ்அப்)' })).toBeInTheDocument();
  });

  it('says so when it could not resume', async () => {
    fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: { status: 200, data: channels([PAUSE]) },
      [RESUME]: { status: 500, data: { code: 500, message: 'Something went wrong on our side. Please try again.' } },
    });
    await renderSummary();
    const pause = await screen.findByTestId('channel-pause-whatsapp');
    fireEvent.click(within(pause).getByRole('button', { name: 'Resume (WhatsApp)' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Could not resume WhatsApp.')).toBeInTheDocument();
  });
});
