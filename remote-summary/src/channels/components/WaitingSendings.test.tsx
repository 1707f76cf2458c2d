import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { DELIVERY_API, SUMMARY_API } from '@ummahnotify/domain';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { summary } from '../../summaryAnswer.test-data';
import { renderSummary } from '../../summaryPage.test-data';

const ZERO = { sent: 0, failed: 0, pending: 0, expired: 0 };
const RESTORED = {
  scope: 'all',
  reason: 'Restored from 2026-11-29.backup: check what is waiting, then resume or discard it',
  by: null,
  since: '2026-11-29T01:30:00.000Z',
};
const channels = {
  channels: ['webpush', 'email', 'whatsapp', 'telegram'].map((channel) => ({ channel, enabled: true, reason: null })),
  recent: { webpush: { ...ZERO, pending: 120 }, email: ZERO, whatsapp: ZERO, telegram: ZERO },
  switches: [RESTORED],
};
const STALE = {
  kind: 'janaza',
  id: 'n-1',
  number: 0,
  title: 'Fatimah binte Yusof',
  createdAt: '2026-11-29T00:04:00.000Z',
  deadline: '2026-11-30T08:18:00.000Z',
  waiting: 120,
  notListed: false,
};
const DISCARD = `POST ${DELIVERY_API.discard}`;

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

describe('what waits while delivery is switched off (after a restore)', () => {
  it('lists each waiting sending and discards one once confirmed, then the list is read again', async () => {
    let sendings: unknown[] = [STALE];
    const bodies: unknown[] = [];
    const { calls } = fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: { status: 200, data: channels },
      [`GET ${DELIVERY_API.waiting}`]: () => ({ status: 200, data: { code: 200, data: { sendings } } }),
      [DISCARD]: (config) => {
        bodies.push(JSON.parse(String(config.data)));
        sendings = [];
        return { status: 200, data: { code: 200, data: { discarded: 120 } } };
      },
    });
    await renderSummary();
    const row = await screen.findByTestId('waiting-sending');
    expect(row).toHaveTextContent('Janaza: Fatimah binte Yusof');
    expect(row).toHaveTextContent('120 waiting');
    fireEvent.click(within(row).getByRole('button', { name: 'Discard: Fatimah binte Yusof' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent(
      'Never send the waiting messages of “Fatimah binte Yusof”? Do this when the old server already sent them.',
    );
    expect(calls).not.toContain(DISCARD);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('120 messages discarded.')).toBeInTheDocument();
    expect(bodies).toEqual([{ kind: 'janaza', id: 'n-1', number: 0 }]);
    expect(await screen.findByText('Nothing is waiting.')).toBeInTheDocument();
  });

  it('in Tamil', async () => {
    await act(() => setLanguage('ta'));
    fakeApi({
      [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
      [`GET ${DELIVERY_API.channels}`]: { status: 200, data: channels },
      [`GET ${DELIVERY_API.waiting}`]: { status: 200, data: { code: 200, data: { sendings: [STALE] } } },
    });
    await renderSummary();
    const row = await screen.findByTestId('waiting-sending');
    expect(row).toHaveTextContent('ஜனாஸா: Fatimah binte Yusof');
    expect(row).toHaveTextContent('120 காத்திருக்கின்றன');
    expect(within(row).getByRole('button', { name: 'கைவிடு: Fatimah binte Yusof' })).toBeInTheDocument();
  });
});
