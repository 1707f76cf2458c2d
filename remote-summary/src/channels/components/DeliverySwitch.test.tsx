import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { DELIVERY_API, SUMMARY_API } from '@ummahnotify/domain';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { summary } from '../../summaryAnswer.test-data';
import { renderSummary } from '../../summaryPage.test-data';

const ZERO = { sent: 0, failed: 0, pending: 0, expired: 0 };
const ALL_OFF = {
  scope: 'all',
  reason: 'database maintenance',
  by: 'Aisha Rahman',
  since: '2026-11-29T01:30:00.000Z',
};
const channels = (switches: unknown[]) => ({
  channels: ['webpush', 'email', 'whatsapp', 'telegram'].map((channel) => ({ channel, enabled: true, reason: null })),
  recent: { webpush: { ...ZERO, pending: 12 }, email: ZERO, whatsapp: ZERO, telegram: ZERO },
  switches,
});
const PAUSE = `POST ${DELIVERY_API.pauseDelivery}`;
const RESUME = `POST ${DELIVERY_API.resumeDelivery}`;

const tag = (channel: string) => screen.getByTestId(`delivery-channel-${channel}`).querySelector('.ant-tag');

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

describe('the delivery switch on the channels card', () => {
  it('pauses all delivery with a reason (required), then shows the banner that janaza messages still expire', async () => {
    let switches: unknown[] = [];
    const bodies: unknown[] = [];
    const { calls } = fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: () => ({ status: 200, data: channels(switches) }),
      [`GET ${DELIVERY_API.waiting}`]: { status: 200, data: { code: 200, data: { sendings: [] } } },
      [PAUSE]: (config) => {
        bodies.push(JSON.parse(String(config.data)));
        switches = [ALL_OFF];
        return { status: 200, data: { code: 200, data: { changed: true, switches } } };
      },
    });
    await renderSummary();
    await screen.findByTestId('delivery-channel-webpush');
    expect(screen.queryByTestId('delivery-switch-banner')).not.toBeInTheDocument();
    expect(tag('webpush')).toHaveTextContent('On');

    fireEvent.click(screen.getByRole('button', { name: /Pause delivery…/ }));
    const form = await screen.findByTestId('delivery-switch-form');
    expect(within(form).getByLabelText('Channels')).toBeInTheDocument();
    // no reason: refused in the browser, nothing sent
    fireEvent.click(within(form).getByRole('button', { name: 'Pause' }));
    expect(await within(form).findByText('Give the reason for the pause.')).toBeInTheDocument();
    expect(calls).not.toContain(PAUSE);

    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: '  database maintenance ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('All channels: delivery paused.')).toBeInTheDocument();
    expect(bodies).toEqual([{ scope: 'all', reason: 'database maintenance' }]);

    const banner = await screen.findByTestId('delivery-switch-banner');
    expect(banner).toHaveTextContent('Delivery is paused on all channels');
    expect(within(banner).getByTestId('delivery-switch-all')).toHaveTextContent(
      /^All channels: “database maintenance”, by Aisha Rahman, since /,
    );
    expect(within(banner).getByTestId('delivery-switch-janaza-note')).toHaveTextContent(
      'Paused time still counts against janaza prayer times: a pending janaza message not sent by its prayer time expires and is never sent',
    );
    expect(tag('webpush')).toHaveTextContent('Paused');
    expect(tag('telegram')).toHaveTextContent('Paused');
    // every channel off: what waits is listed under the banner (here nothing)
    expect(await within(banner).findByTestId('waiting-sendings')).toBeInTheDocument();
    // all is off: nothing more to pause
    expect(screen.queryByRole('button', { name: /Pause delivery…/ })).not.toBeInTheDocument();
  });

  it('resumes once confirmed; a channel of its own is named, the others stay on', async () => {
    let switches: unknown[] = [{ ...ALL_OFF, scope: 'telegram', reason: 'bot token rotated', by: null }];
    const { calls } = fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: () => ({ status: 200, data: channels(switches) }),
      [RESUME]: (config) => {
        expect(JSON.parse(String(config.data))).toEqual({ scope: 'telegram' });
        switches = [];
        return { status: 200, data: { code: 200, data: { changed: true, switches } } };
      },
    });
    await renderSummary();
    const banner = await screen.findByTestId('delivery-switch-banner');
    expect(banner).toHaveTextContent('Delivery is paused on Telegram');
    expect(banner).toHaveTextContent('Telegram: “bot token rotated”, by the server, since');
    expect(tag('telegram')).toHaveTextContent('Paused');
    expect(tag('webpush')).toHaveTextContent('On');
    // one channel off: no list of what waits (that is for every channel off)
    expect(within(banner).queryByTestId('waiting-sendings')).not.toBeInTheDocument();
    // another channel may still be paused: the form offers the ones running
    fireEvent.click(screen.getByRole('button', { name: /Pause delivery…/ }));
    expect(await screen.findByTestId('delivery-switch-form')).toBeInTheDocument();

    fireEvent.click(within(banner).getByRole('button', { name: 'Resume (Telegram)' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Resume delivery on Telegram? The waiting messages go at once.');
    expect(calls).not.toContain(RESUME);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Resume' }));
    expect(
      await screen.findByText('Telegram: delivery resumed; the waiting messages are on their way.'),
    ).toBeInTheDocument();
    expect(calls).toContain(RESUME);
    await act(async () => {});
    expect(screen.queryByTestId('delivery-switch-banner')).not.toBeInTheDocument();
  });

  it('in Tamil', async () => {
    await act(() => setLanguage('ta'));
    fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: { status: 200, data: channels([ALL_OFF]) },
    });
    await renderSummary();
    const banner = await screen.findByTestId('delivery-switch-banner');
    expect(banner).toHaveTextContent('எல்லா வழிகளிலும் செய்தி அனுப்புதல் இடைநிறுத்தப்பட்டுள்ளது');
    expect(within(banner).getByTestId('delivery-switch-janaza-note')).toHaveTextContent(
      /^இடைநிறுத்த நேரமும் ஜனாஸா தொழுகை நேரத்திற்குள் கணக்கிடப்படும்/,
    );
    expect(within(banner).getByRole('button', { name: 'மீண்டும் தொடங்கு (எல்லா வழிகளும்)' })).toBeInTheDocument();
  });
});
