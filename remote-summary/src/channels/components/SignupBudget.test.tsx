import { act, screen } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { DELIVERY_API, type SignupBudget, SUMMARY_API } from '@ummahnotify/domain';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { DELIVERY } from '../../../../shared/domain/test/expected-texts';
import SummarySection from '../../SummarySection';
import { summary } from '../../summaryAnswer.test-data';

const ZERO = { sent: 0, failed: 0, pending: 0, expired: 0 };
/** 14:01 in Singapore. */
const NOW = '2026-11-28T06:01:00.000Z';
const codes = (used: number, level: 0 | 50 | 80): SignupBudget => ({
  channel: 'whatsapp',
  budget: 'whatsappCodes',
  used,
  limit: 100,
  level,
  // midnight UTC: 08:00 tomorrow in Singapore
  resetsAt: '2026-11-29T00:00:00.000Z',
});
const mails = (used: number, level: 0 | 50 | 80): SignupBudget => ({
  channel: 'email',
  budget: 'emailConfirmations',
  used,
  limit: 500,
  level,
  // 14:40 in Singapore
  resetsAt: '2026-11-28T06:40:00.000Z',
});

async function show(signupBudgets: SignupBudget[], language: 'en' | 'ta' = 'en') {
  fakeApi({
    [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
    [`GET ${DELIVERY_API.channels}`]: {
      status: 200,
      data: {
        channels: ['webpush', 'email', 'whatsapp', 'telegram'].map((channel) => ({
          channel,
          enabled: true,
          reason: null,
        })),
        recent: { webpush: ZERO, email: ZERO, whatsapp: ZERO, telegram: ZERO },
        pauses: [],
        signupBudgets,
      },
    },
  });
  if (language === 'ta') await act(() => setLanguage('ta'));
  await renderWithProviders(
    <Routes>
      <Route path="/dashboard/summary/*" element={<SummarySection />} />
    </Routes>,
    { history: ['/dashboard/summary'] },
  );
  await screen.findByTestId('delivery-channel-whatsapp');
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date(NOW), advanceTimers: true });
});
afterEach(async () => {
  restoreApi();
  jest.useRealTimers();
  await act(() => setLanguage('en'));
});

describe('a shared sign-up budget on the channels card (docs/product/screens.md#summary)', () => {
  it('says nothing under half', async () => {
    await show([codes(49, 0), mails(10, 0)]);
    expect(screen.queryByTestId('signup-budget-whatsapp')).not.toBeInTheDocument();
    expect(screen.queryByTestId('signup-budget-email')).not.toBeInTheDocument();
  });

  it('at half: how much is used, in amber, under its own channel', async () => {
    await show([codes(52, 50)]);
    const budget = screen.getByTestId('signup-budget-whatsapp');
    expect(budget).toHaveTextContent(`${DELIVERY.budgetCodes.en('52', '100')}${DELIVERY.budgetHalf.en}`);
    expect(budget).toHaveStyle({ color: '#ad6800' });
    expect(screen.getByTestId('delivery-channel-whatsapp')).toContainElement(budget);
    expect(screen.queryByTestId('signup-budget-email')).not.toBeInTheDocument();
  });

  it('at 80 %: in red, and until when sign-ups would stop once it is full', async () => {
    await show([mails(412, 80), codes(85, 80)]);
    const email = screen.getByTestId('signup-budget-email');
    expect(email).toHaveTextContent(`${DELIVERY.budgetMails.en('412', '500')}${DELIVERY.budgetNearlyFull.en('14:40')}`);
    expect(email).toHaveStyle({ color: '#cf1322' });
    expect(screen.getByTestId('delivery-channel-email')).toContainElement(email);
    // the day's budget ends at midnight UTC, which is tomorrow in Singapore
    expect(screen.getByTestId('signup-budget-whatsapp')).toHaveTextContent(
      DELIVERY.budgetNearlyFull.en('29-11-2026 08:00'),
    );
  });

  it('in Tamil', async () => {
    await show([codes(52, 50), mails(412, 80)], 'ta');
    expect(screen.getByTestId('signup-budget-whatsapp')).toHaveTextContent(
      `${DELIVERY.budgetCodes.ta('52', '100')}${DELIVERY.budgetHalf.ta}`,
    );
    expect(screen.getByTestId('signup-budget-email')).toHaveTextContent(
      `${DELIVERY.budgetMails.ta('412', '500')}${DELIVERY.budgetNearlyFull.ta('14:40')}`,
    );
  });
});
