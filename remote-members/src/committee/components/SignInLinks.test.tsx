import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@ummahnotify/client';
import { API_PATHS } from '@ummahnotify/core';
import { COMMITTEE_API, type RefusedSignIn } from '@ummahnotify/domain';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { COMMITTEE } from '../../../test/fixtures';
import CommitteeSection from '../../CommitteeSection';

const WAITING: RefusedSignIn = {
  _id: '7d0c5a8e-4f51-4a57-9d1e-2f7b7c1a9e11',
  email: 'secretary@masjid.example.sg',
  fName: 'Siti',
  lName: 'Aminah',
  refusedAt: '2026-11-24T06:30:00.000Z',
};
const LIST = `GET ${COMMITTEE_API.list}`;
const REFUSED = `GET ${API_PATHS.refusedSignIns}`;
const LINK = `POST ${API_PATHS.linkSignIn.replace(':id', WAITING._id)}`;

async function renderEdit() {
  useAuthStore.getState().setUser({ fName: 'Aisha', rights: 'superadmin' });
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/committee-members/*" element={<CommitteeSection />} />
    </Routes>,
    { history: ['/dashboard/committee-members/edit'] },
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  restoreApi();
  useAuthStore.getState().reset();
});

describe('Committee: sign-ins waiting for a link', () => {
  it('lists a refused sign-in under the table and links it after a confirmation', async () => {
    const { calls } = fakeApi({
      [LIST]: { status: 200, data: { code: 200, data: COMMITTEE, nextCursor: null } },
      [REFUSED]: { status: 200, data: { code: 200, data: [WAITING] } },
      [LINK]: { status: 200, data: { code: 200, data: { email: WAITING.email } } },
    });
    await renderEdit();
    expect(await screen.findByRole('heading', { name: 'Sign-ins waiting for a link' })).toBeInTheDocument();
    expect(screen.getByText('Refused at 24 Nov 2026, 2:30 pm')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: `Link the new Google account to ${WAITING.email}` }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getAllByText(`Link the Google account that last tried to sign in as ${WAITING.email}?`).length,
    ).toBeGreaterThan(0);
    expect(calls).not.toContain(LINK);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link the new Google account' }));
    expect(
      await screen.findByText(`Linked. ${WAITING.email} now signs in with the new Google account.`),
    ).toBeInTheDocument();
    expect(calls).toContain(LINK);
    await waitFor(() => expect(calls.filter((c) => c === REFUSED).length).toBeGreaterThan(1));
  });

  it('shows nothing while no sign-in waits', async () => {
    fakeApi({
      [LIST]: { status: 200, data: { code: 200, data: COMMITTEE, nextCursor: null } },
      [REFUSED]: { status: 200, data: { code: 200, data: [] } },
    });
    await renderEdit();
    await screen.findByText(COMMITTEE[0].fName);
    expect(screen.queryByRole('heading', { name: 'Sign-ins waiting for a link' })).toBeNull();
  });
});
