import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage, useAuthStore } from '@ummahnotify/client';
import { MEMBERS_API, type Member, refusalBody } from '@ummahnotify/domain';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { chooseOption } from '../../../test/antd';
import { MEMBERS, member } from '../../../test/fixtures';
import MembersSection from '../../MembersSection';

const findText = (text: string) => screen.findByText(text);

const LIST = `GET ${MEMBERS_API.list}`;
const CREATE = `POST ${MEMBERS_API.list}`;
const listAnswer = (data: Member[] = MEMBERS) => ({ status: 200, data: { code: 200, data, nextCursor: null } });

async function renderAt(path: string, rights = 'superadmin') {
  useAuthStore.getState().setUser({ fName: 'Aisha', rights });
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<p>Landing</p>} />
      <Route path="/dashboard/members/*" element={<MembersSection />} />
    </Routes>,
    { history: [path] },
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

afterEach(async () => {
  jest.restoreAllMocks();
  restoreApi();
  useAuthStore.getState().reset();
  await act(() => setLanguage('en'));
});

describe('Members: access', () => {
  it.each(['admin', 'editor', 'none'])('sends a %s to / without calling the API', async (rights) => {
    const { calls } = fakeApi({ [LIST]: listAnswer() });
    await renderAt('/dashboard/members/edit', rights);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByText('Landing')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('leaves for / when the server answers 403 (rights taken away meanwhile), without retrying', async () => {
    const { calls } = fakeApi({
      [LIST]: { status: 403, data: refusalBody(403, 'Your account does not have the rights to do this.') },
    });
    await renderAt('/dashboard/members/edit');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls).toEqual([LIST]);
  });
});

describe('Members: Create tab', () => {
  it('refuses an empty form and a 7-digit postal code without calling the server', async () => {
    const { calls } = fakeApi({});
    await renderAt('/dashboard/members/create');
    expect(screen.getByRole('heading', { name: 'Create Member' })).toBeInTheDocument();
    type('Postal code', '1234567');
    fireEvent.click(screen.getByRole('button', { name: 'Create Member' }));
    expect(await findText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Postal code must be exactly 6 digits')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('makes business name and UEN required when partner is ticked', async () => {
    const { calls } = fakeApi({});
    await renderAt('/dashboard/members/create');
    type('First name', 'Rahim');
    type('Email', 'rahim@example.sg');
    type('Postal code', '408564');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Is partner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Member' }));
    expect(await findText('Business name is required for a partner')).toBeInTheDocument();
    expect(screen.getByText('UEN is required for a partner')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("creates a partner and says 'Member created successfully!'", async () => {
    let sent: unknown;
    const { calls } = fakeApi({
      [CREATE]: (config) => {
        sent = JSON.parse(config.data as string);
        return { status: 200, data: { code: 200, data: member({ position: 'partner' }) } };
      },
      [LIST]: listAnswer(),
    });
    await renderAt('/dashboard/members/create');
    type('First name', 'Rahim');
    type('Last name', 'Salleh');
    type('Email', 'rahim@example.sg');
    type('Postal code', '408564');
    chooseOption(screen.getByLabelText('Position'), 'Partner');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Is partner' }));
    type('Business name', 'Rahim Funeral Services');
    type('UEN', '201912345k');
    fireEvent.click(screen.getByRole('button', { name: 'Create Member' }));
    expect(await findText('Member created successfully!')).toBeInTheDocument();
    expect(calls).toContain(CREATE);
    expect(sent).toMatchObject({
      fName: 'Rahim',
      lName: 'Salleh',
      email: 'rahim@example.sg',
      postal: '408564',
      position: 'partner',
      isPartner: true,
      businessName: 'Rahim Funeral Services',
      uen: '201912345k',
      dateofBirth: null,
    });
    await waitFor(() => expect(field('First name').value).toBe(''));
  });

  it("shows 'Failed to create member' with the server's reason, and marks the email", async () => {
    fakeApi({
      [CREATE]: {
        status: 409,
        data: refusalBody(409, 'A member with the email rahim@example.sg already exists.', [
          { path: 'email', message: 'is already used by another member' },
        ]),
      },
    });
    await renderAt('/dashboard/members/create');
    type('First name', 'Rahim');
    type('Email', 'rahim@example.sg');
    type('Postal code', '408564');
    fireEvent.click(screen.getByRole('button', { name: 'Create Member' }));
    expect(await findText('Failed to create member')).toBeInTheDocument();
    expect(screen.getByText('Details: A member with the email rahim@example.sg already exists.')).toBeInTheDocument();
    expect(screen.getByText('is already used by another member')).toBeInTheDocument();
  });
});

describe('Members: Edit tab', () => {
  it('shows the table: number, names, position, volunteer yes/no and actions; rows animate 0.05 s apart', async () => {
    fakeApi({ [LIST]: listAnswer() });
    await renderAt('/dashboard/members/edit');
    expect(await findText('Nur')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['No.', 'First name', 'Last name', 'Position', 'Volunteer', 'Actions']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'Nur', 'Aqilah', 'Member', 'Yes', 'View to EditRevoke']);
    expect(within(rows[1]).getByText('Masjid')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Partner')).toBeInTheDocument();
    expect(within(rows[2]).getByText('No')).toBeInTheDocument();
    expect(rows.map((r) => (r as HTMLElement).style.animationDelay)).toEqual(['0.00s', '0.05s', '0.10s']);
  });

  it("shows 'Loading...' while the list loads", async () => {
    fakeApi({ [LIST]: () => new Promise(() => {}) });
    await renderAt('/dashboard/members/edit');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it("shows 'No members found' for an empty list and for a code that is not 200", async () => {
    fakeApi({ [LIST]: listAnswer([]) });
    const first = await renderAt('/dashboard/members/edit');
    expect(await findText('No members found')).toBeInTheDocument();
    first.unmount();
    fakeApi({ [LIST]: { status: 200, data: { code: 204, data: MEMBERS } } });
    await renderAt('/dashboard/members/edit');
    expect(await findText('No members found')).toBeInTheDocument();
  });

  it("shows 'Failed to load members' when the call fails", async () => {
    fakeApi({
      [LIST]: { status: 500, data: { code: 500, message: 'Something went wrong on our side. Please try again.' } },
    });
    await renderAt('/dashboard/members/edit');
    expect(await screen.findByText('Failed to load members')).toBeInTheDocument();
  });

  it('uses cards on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      fakeApi({ [LIST]: listAnswer() });
      await renderAt('/dashboard/members/edit');
      const cards = await screen.findByTestId('member-cards');
      expect(within(cards).getByText('1. Nur Aqilah')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});

describe("Members: the 'Member Details' modal", () => {
  async function openDetails(name: string) {
    const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /View to Edit/ }));
    return screen.findByRole('dialog');
  }

  it('shows every field and badge, then edits with the legacy position values and saves', async () => {
    let sent: unknown;
    const { calls } = fakeApi({
      [LIST]: listAnswer(),
      [`PATCH ${MEMBERS_API.one(MEMBERS[0]._id)}`]: (config) => {
        sent = JSON.parse(config.data as string);
        return { status: 200, data: { code: 200, data: member({ lName: 'Binte Ali', position: 'masjid' }) } };
      },
    });
    await renderAt('/dashboard/members/edit');
    const dialog = await openDetails('Nur');
    expect(within(dialog).getByText('Member Details')).toBeInTheDocument();
    for (const label of [
      'Name',
      'Membership',
      'Email',
      'Contact',
      'Position',
      'Partner',
      'Business name',
      'UEN',
      'Volunteer',
      'Verified',
      'Registered',
      'Created',
    ]) {
      expect(within(dialog).getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByText('Nur Aqilah')).toBeInTheDocument();
    const active = within(dialog).getByText('Active');
    expect(active.parentElement?.querySelector('.ant-badge-status-success')).not.toBeNull();
    expect(within(dialog).getByText('Not verified')).toBeInTheDocument();
    // 02:30 UTC is 10:30 in Singapore.
    expect(within(dialog).getAllByText(/20 Nov 2026.*10:30/i)).toHaveLength(2);

    fireEvent.click(within(dialog).getByRole('switch', { name: 'Edit' }));
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Binte Ali' } });
    const position = within(dialog).getByLabelText('Position');
    fireEvent.mouseDown(position);
    const titles = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(titles).toEqual(['Member', 'Masjid', 'Partner']);
    chooseOption(position, 'Masjid');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findText('User updated successfully.')).toBeInTheDocument();
    expect(sent).toMatchObject({ lName: 'Binte Ali', position: 'admin', fName: 'Nur' });
    expect(calls).toContain(`PATCH ${MEMBERS_API.one(MEMBERS[0]._id)}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the modal open, rolls the list back and says why when the save is refused', async () => {
    fakeApi({
      [LIST]: listAnswer(),
      [`PATCH ${MEMBERS_API.one(MEMBERS[0]._id)}`]: {
        status: 400,
        data: refusalBody(400, 'Please check your input: uen UEN is required for a partner', [
          { path: 'uen', message: 'UEN is required for a partner' },
        ]),
      },
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/dashboard/members/edit');
    const dialog = await openDetails('Nur');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Edit' }));
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Changed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findText('Could not update the member.')).toBeInTheDocument();
    expect(screen.getByText('Details: UEN is required for a partner')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getByText('Nur')).toBeInTheDocument());
    expect(within(table).queryByText('Changed')).not.toBeInTheDocument();
  });

  it('verifies a member from the modal', async () => {
    let sent: unknown;
    fakeApi({
      [LIST]: listAnswer(),
      [`PUT ${MEMBERS_API.verify(MEMBERS[0]._id)}`]: (config) => {
        sent = JSON.parse(config.data as string);
        return { status: 200, data: { code: 200, data: member({ isVerified: true }) } };
      },
    });
    await renderAt('/dashboard/members/edit');
    const dialog = await openDetails('Nur');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await findText('Member verified.')).toBeInTheDocument();
    expect(sent).toEqual({ verified: true });
  });
});

describe('Members: Revoke', () => {
  it("asks first, deletes, and says 'UmmahNotify user deleted successfull.'", async () => {
    const { calls } = fakeApi({
      [LIST]: listAnswer(),
      [`DELETE ${MEMBERS_API.one(MEMBERS[1]._id)}`]: { status: 200, data: { code: 200, data: MEMBERS[1] } },
    });
    await renderAt('/dashboard/members/edit');
    const row = (await findText('Abdul')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Revoke/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to revoke this member? This deletes the member.'),
    ).toBeInTheDocument();
    expect(calls).not.toContain(`DELETE ${MEMBERS_API.one(MEMBERS[1]._id)}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await findText('UmmahNotify user deleted successfull.')).toBeInTheDocument();
    expect(calls).toContain(`DELETE ${MEMBERS_API.one(MEMBERS[1]._id)}`);
  });

  it("puts the member back and says 'error not able to delete.' when the call fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ [LIST]: listAnswer(), [`DELETE ${MEMBERS_API.one(MEMBERS[1]._id)}`]: { status: 0 } });
    await renderAt('/dashboard/members/edit');
    const row = (await findText('Abdul')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Revoke/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await findText('error not able to delete.')).toBeInTheDocument();
    expect(
      screen.getByText('Details: Could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Abdul')).toBeInTheDocument();
  });
});

describe('Members in Tamil', () => {
  it('shows the form and the schema messages in Tamil', async () => {
    fakeApi({});
    await act(() => setLanguage('ta'));
    await renderAt('/dashboard/members/create');
    expect(screen.getByRole('tab', { name: 'உருவாக்கு' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('அஞ்சல் குறியீடு'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'உறுப்பினரை உருவாக்கு' }));
    expect(await findText('முதல் பெயர் தேவை')).toBeInTheDocument();
    expect(screen.getByText('அஞ்சல் குறியீடு சரியாக 6 இலக்கங்களாக இருக்க வேண்டும்')).toBeInTheDocument();
  });
});
