import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage, useAuthStore } from '@ummahnotify/client';
import { API_PATHS } from '@ummahnotify/core';
import { COMMITTEE_API, type CommitteeMember, refusalBody } from '@ummahnotify/domain';
import { Route, Routes } from 'react-router-dom';
import { type FakeRoute, fakeApi as fakeRoutes, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { chooseOption } from '../../../test/antd';
import { COMMITTEE, committeeMember } from '../../../test/fixtures';
import CommitteeSection from '../../CommitteeSection';

const findText = (text: string) => screen.findByText(text);

const LIST = `GET ${COMMITTEE_API.list}`;
const CREATE = `POST ${COMMITTEE_API.list}`;
const [KAVITHA, ZAINAB, AISHA] = COMMITTEE;
// The page also asks for the sign-ins waiting for a link (SignInLinks); none wait unless a test says so.
const fakeApi = (routes: Record<string, FakeRoute>) =>
  fakeRoutes({ [`GET ${API_PATHS.refusedSignIns}`]: { status: 200, data: { code: 200, data: [] } }, ...routes });
const listAnswer = (data: CommitteeMember[] = COMMITTEE) => ({
  status: 200,
  data: { code: 200, data, nextCursor: null },
});

async function renderAt(path: string, rights = 'superadmin') {
  useAuthStore.getState().setUser({ fName: 'Aisha', rights });
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<p>Landing</p>} />
      <Route path="/dashboard/committee-members/*" element={<CommitteeSection />} />
    </Routes>,
    { history: [path] },
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const rowOf = async (firstName: string) => (await screen.findByText(firstName)).closest('tr') as HTMLElement;
const rowById = (id: string) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;

afterEach(async () => {
  jest.restoreAllMocks();
  restoreApi();
  useAuthStore.getState().reset();
  await act(() => setLanguage('en'));
});

describe('Committee: access', () => {
  it.each(['admin', 'editor'])('sends a %s to / without calling the API', async (rights) => {
    const { calls } = fakeApi({ [LIST]: listAnswer() });
    await renderAt('/dashboard/committee-members/edit', rights);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(calls).toEqual([]);
  });
});

describe("Committee: 'Committee Member Form'", () => {
  it('requires first name, email, contact, birth date and postal code, and calls nothing until they are there', async () => {
    const { calls } = fakeApi({});
    await renderAt('/dashboard/committee-members/create');
    expect(screen.getByRole('heading', { name: 'Committee Member Form' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await findText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Contact is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a date')).toBeInTheDocument();
    expect(screen.getByText('Postal code is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("treats the digit hints as hints, sends every field, and says 'User created.'", async () => {
    let sent: unknown;
    fakeApi({
      [CREATE]: (config) => {
        sent = JSON.parse(config.data as string);
        return { status: 201, data: { code: 201, data: committeeMember() } };
      },
      [LIST]: listAnswer(),
    });
    await renderAt('/dashboard/committee-members/create');
    expect(screen.getByText('8 or 9 digits')).toBeInTheDocument();
    expect(screen.getByText('6 digits')).toBeInTheDocument();
    type('First name', 'Haziq');
    type('Email', 'haziq@example.sg');
    type('Contact', '12345');
    type('Postal code', '1234567');
    const birth = screen.getByLabelText('Birth date');
    fireEvent.mouseDown(birth);
    fireEvent.change(birth, { target: { value: '1998-07-21' } });
    fireEvent.keyDown(birth, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('radio', { name: 'Female' }));
    chooseOption(screen.getByLabelText('System rights'), 'Editor');
    chooseOption(screen.getByLabelText('Committee position'), 'Treasurer');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Backend User (System access)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await findText('User created.')).toBeInTheDocument();
    expect(sent).toEqual({
      fName: 'Haziq',
      lName: '',
      email: 'haziq@example.sg',
      contact: '12345',
      birthDate: '1998-07-21',
      postal: '1234567',
      gender: 'female',
      rights: 'editor',
      position: 'treasurer',
      backendUser: true,
    });
  });

  it("says 'Failed to create committee member' with the server's reason", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      [CREATE]: {
        status: 409,
        data: refusalBody(409, 'A committee member with the email haziq@example.sg already exists.', [
          { path: 'email', message: 'is already used by another committee member' },
        ]),
      },
    });
    await renderAt('/dashboard/committee-members/create');
    type('First name', 'Haziq');
    type('Email', 'haziq@example.sg');
    type('Contact', '81234567');
    type('Postal code', '560231');
    const birth = screen.getByLabelText('Birth date');
    fireEvent.mouseDown(birth);
    fireEvent.change(birth, { target: { value: '1998-07-21' } });
    fireEvent.keyDown(birth, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await findText('Failed to create committee member')).toBeInTheDocument();
    expect(
      screen.getByText('Details: A committee member with the email haziq@example.sg already exists.'),
    ).toBeInTheDocument();
  });
});

describe('Committee: the members management table', () => {
  it('shows the columns, the birth date as a date only, backend users with their rights, and rows 0.05 s apart', async () => {
    fakeApi({ [LIST]: listAnswer() });
    await renderAt('/dashboard/committee-members/edit');
    await findText('Kavitha');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'No.',
      'First name',
      'Last name',
      'Email',
      'Contact',
      'Position',
      'Backend user',
      'Birth date',
      'Actions',
    ]);
    const cells = within(rowById(KAVITHA._id))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual([
      '1',
      'Kavitha',
      'Mohamed',
      'kavitha@example.sg',
      '91230003',
      'Secretary',
      'YesEditor',
      '2 Nov 1996',
    ]);
    expect(within(rowById(ZAINAB._id)).getAllByRole('cell')[6]).toHaveTextContent(/^No$/);
    const rows = [KAVITHA, ZAINAB, AISHA].map((m) => rowById(m._id));
    expect(rows.map((r) => r.style.animationDelay)).toEqual(['0.00s', '0.05s', '0.10s']);
  });

  it("shows 'Loading...', 'No members found' and 'Error loading members'", async () => {
    fakeApi({ [LIST]: () => new Promise(() => {}) });
    const loading = await renderAt('/dashboard/committee-members/edit');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    loading.unmount();
    fakeApi({ [LIST]: { status: 200, data: { code: 500, data: [] } } });
    const empty = await renderAt('/dashboard/committee-members/edit');
    expect(await findText('No members found')).toBeInTheDocument();
    empty.unmount();
    fakeApi({ [LIST]: { status: 0 } });
    await renderAt('/dashboard/committee-members/edit');
    expect(await screen.findByText('Error loading members')).toBeInTheDocument();
  });

  it('edits one row at a time; save is blocked with the empty fields marked; then saves the draft', async () => {
    let sent: unknown;
    let stored = COMMITTEE;
    const patch = `PATCH ${COMMITTEE_API.one(KAVITHA._id)}`;
    const { calls } = fakeApi({
      [LIST]: () => listAnswer(stored),
      [patch]: (config) => {
        sent = JSON.parse(config.data as string);
        stored = COMMITTEE.map((m) => (m._id === KAVITHA._id ? { ...m, lName: 'Binte Mohamed' } : m));
        return { status: 200, data: { code: 200, data: stored[0] } };
      },
    });
    await renderAt('/dashboard/committee-members/edit');
    fireEvent.click(within(await rowOf('Zainab')).getByRole('button', { name: 'Edit Zainab Marican' }));
    expect(within(rowById(ZAINAB._id)).getByLabelText('First name')).toHaveValue('Zainab');
    fireEvent.click(within(rowById(KAVITHA._id)).getByRole('button', { name: 'Edit Kavitha Mohamed' }));
    expect(within(rowById(ZAINAB._id)).queryByLabelText('First name')).not.toBeInTheDocument();

    const row = rowById(KAVITHA._id);
    fireEvent.change(within(row).getByLabelText('Last name'), { target: { value: '' } });
    fireEvent.change(within(row).getByLabelText('Email'), { target: { value: ' ' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(row).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(row).getByLabelText('First name')).toHaveAttribute('aria-invalid', 'false');
    expect(calls).not.toContain(patch);

    fireEvent.change(within(row).getByLabelText('Last name'), { target: { value: 'Binte Mohamed' } });
    fireEvent.change(within(row).getByLabelText('Email'), { target: { value: 'kavitha@example.sg' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await findText('Member saved.')).toBeInTheDocument();
    expect(sent).toEqual({ lName: 'Binte Mohamed' });
    expect(within(rowById(KAVITHA._id)).getByText('Binte Mohamed')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c === LIST).length).toBeGreaterThan(1));
  });

  it('rolls a refused save back and says why in a toast', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      [LIST]: listAnswer(),
      [`PATCH ${COMMITTEE_API.one(AISHA._id)}`]: {
        status: 409,
        data: refusalBody(
          409,
          'aisha@example.sg is the last superadmin. Make another committee member superadmin first, then change or remove this one.',
        ),
      },
    });
    await renderAt('/dashboard/committee-members/edit');
    fireEvent.click(within(await rowOf('Aisha')).getByRole('button', { name: 'Edit Aisha Rahman' }));
    fireEvent.click(within(rowById(AISHA._id)).getByRole('checkbox'));
    fireEvent.click(within(rowById(AISHA._id)).getByRole('button', { name: 'Save' }));
    expect(await findText('Could not save the member.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Details: aisha@example.sg is the last superadmin. Make another committee member superadmin first, then change or remove this one.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(rowById(AISHA._id)).getAllByRole('cell')[6]).toHaveTextContent('YesSuperadmin'));
  });

  it("deletes after 'Are you sure you want to delete this member?' and puts the row back when that fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = fakeApi({
      [LIST]: listAnswer(),
      [`DELETE ${COMMITTEE_API.one(ZAINAB._id)}`]: { status: 200, data: { code: 200, data: ZAINAB } },
      [`DELETE ${COMMITTEE_API.one(KAVITHA._id)}`]: {
        status: 500,
        data: { code: 500, message: 'Something went wrong on our side. Please try again.' },
      },
    });
    await renderAt('/dashboard/committee-members/edit');
    fireEvent.click(within(await rowOf('Zainab')).getByRole('button', { name: 'Delete Zainab Marican' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Are you sure you want to delete this member?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findText('Member deleted.')).toBeInTheDocument();
    expect(calls).toContain(`DELETE ${COMMITTEE_API.one(ZAINAB._id)}`);

    fireEvent.click(within(rowById(KAVITHA._id)).getByRole('button', { name: 'Delete Kavitha Mohamed' }));
    const second = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    fireEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    expect(await findText('Could not delete the member.')).toBeInTheDocument();
    await waitFor(() => expect(rowById(KAVITHA._id)).not.toBeNull());
  });

  it("assigns a role: 'Please check your input' without a role (no call), then 'Role assigned successfully!'", async () => {
    let sent: unknown;
    const assign = `PATCH ${COMMITTEE_API.assign(KAVITHA._id)}`;
    const { calls } = fakeApi({
      [LIST]: listAnswer(),
      [assign]: (config) => {
        sent = JSON.parse(config.data as string);
        return { status: 200, data: { code: 200, data: { ...KAVITHA, rights: 'admin' } } };
      },
    });
    await renderAt('/dashboard/committee-members/edit');
    fireEvent.click(within(await rowOf('Zainab')).getByRole('button', { name: 'Assign the role to Zainab Marican' }));
    expect(await findText('Please check your input')).toBeInTheDocument();
    expect(calls.some((c) => c.includes('/assign/'))).toBe(false);

    const row = rowById(KAVITHA._id);
    const select = within(row).getByLabelText('Role for Kavitha Mohamed');
    fireEvent.mouseDown(select);
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(offered).toEqual(['Admin', 'Editor', 'Superadmin']);
    chooseOption(select, 'Admin');
    fireEvent.click(within(row).getByRole('button', { name: 'Assign the role to Kavitha Mohamed' }));
    expect(await findText('Role assigned successfully!')).toBeInTheDocument();
    expect(sent).toEqual({ userId: KAVITHA._id, role: 'admin' });
  });

  it("says 'Error assigning role. Check console for details.' (and logs it) when the server refuses", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      [LIST]: listAnswer(),
      [`PATCH ${COMMITTEE_API.assign(AISHA._id)}`]: {
        status: 409,
        data: refusalBody(
          409,
          'aisha@example.sg is the last superadmin. Make another committee member superadmin first, then change or remove this one.',
        ),
      },
    });
    await renderAt('/dashboard/committee-members/edit');
    const row = await rowOf('Aisha');
    chooseOption(within(row).getByLabelText('Role for Aisha Rahman'), 'Editor');
    fireEvent.click(within(row).getByRole('button', { name: 'Assign the role to Aisha Rahman' }));
    expect(await findText('Error assigning role. Check console for details.')).toBeInTheDocument();
    expect(screen.getByText(/Details: aisha@example.sg is the last superadmin/)).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Assigning a role failed', expect.anything());
    await waitFor(() => expect(within(rowById(AISHA._id)).getAllByRole('cell')[6]).toHaveTextContent('YesSuperadmin'));
  });

  it('uses cards on a phone, with the same row edit', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      fakeApi({ [LIST]: listAnswer() });
      await renderAt('/dashboard/committee-members/edit');
      const cards = await screen.findByTestId('committee-cards');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(cards).getByText('1. Kavitha Mohamed')).toBeInTheDocument();
      fireEvent.click(within(cards).getByRole('button', { name: 'Edit Kavitha Mohamed' }));
      expect(within(cards).getByLabelText('First name')).toHaveValue('Kavitha');
    } finally {
      window.matchMedia = original;
    }
  });

  it("shows the server's refusal in Tamil", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      [LIST]: listAnswer(),
      [`PATCH ${COMMITTEE_API.assign(ZAINAB._id)}`]: {
        status: 409,
        data: refusalBody(
          409,
          "Zainab is not a backend user. Tick 'Backend User (System access)' for this committee member first, then assign a role.",
        ),
      },
    });
    await act(() => setLanguage('ta'));
    await renderAt('/dashboard/committee-members/edit');
    await findText('Zainab');
    const row = rowById(ZAINAB._id);
    chooseOption(within(row).getByLabelText('Zainab Marican க்கான பங்கு'), 'நிர்வாகி');
    fireEvent.click(within(row).getByRole('button', { name: 'Zainab Marican க்குப் பங்கை ஒதுக்கு' }));
    expect(await findText('பங்கை ஒதுக்குவதில் பிழை. விவரங்களுக்கு console-ஐப் பார்க்கவும்.')).toBeInTheDocument();
    expect(screen.getByText(/Zainab பின்தளப் பயனர் அல்ல/)).toBeInTheDocument();
  });
});
