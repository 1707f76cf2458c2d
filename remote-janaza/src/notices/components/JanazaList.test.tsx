import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, setLanguage } from '@ummahnotify/client';
import { JANAZA_PATHS, type JanazaNotice, refusalBody } from '@ummahnotify/domain';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { aNotice } from '../../../../shared/domain/test/answers';
import { JanazaList } from './JanazaList';

const notice = (over: Partial<JanazaNotice>): JanazaNotice => aNotice({ _id: 'n', name: 'Someone', age: 70, ...over });

const NOTICES = [
  notice({ _id: 'a', name: 'Haji Ismail bin Osman', status: 'approved', dueDate: '2099-01-02T06:05:00.000Z' }),
  notice({
    _id: 'b',
    name: 'Fatimah binte Yusof',
    providerName: 'Al-Ikhlas Janazah Services',
    gender: 'female',
    status: 'rejected',
    dueDate: '2020-01-01T00:00:00.000Z',
  }),
  notice({ _id: 'c', name: 'Kader Mohideen', providerName: 'Masjid Jamae (Chulia)', status: 'silent', dueDate: '' }),
  notice({ _id: 'd', name: 'Abdul Rahman', providerName: 'Masjid Darul Aman', status: 'pending', postal: '419493' }),
];
const LIST = `GET ${JANAZA_PATHS.notices}`;
const list = (data: JanazaNotice[]) => ({ status: 200, data: { code: 200, data } });

afterEach(() => {
  restoreApi();
  jest.restoreAllMocks();
});

/** Holds back calls of one method until released, to see the screen while the server is still thinking. */
function holdBack(method: string): () => void {
  const fake = api.defaults.adapter as AxiosAdapter;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  api.defaults.adapter = async (config) => {
    if (config.method === method) await gate;
    return fake(config);
  };
  return release;
}

const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

async function chooseStatus(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by status' }));
  fireEvent.click(await screen.findByTitle(label));
}

describe('JanazaList', () => {
  it('shows the count line, due dates (Asia/Singapore, expired, N/A) and status badges', async () => {
    fakeApi({ [LIST]: list(NOTICES) });
    await renderWithProviders(<JanazaList />);
    expect(await screen.findByText('Showing 4 of 4 notifications')).toBeInTheDocument();
    expect(rows()).toHaveLength(4);
    expect(within(rowOf('Haji Ismail bin Osman')).getByText('02-01-2099 14:05')).toBeInTheDocument();
    expect(within(rowOf('Fatimah binte Yusof')).getByText('Expired-delete it')).toBeInTheDocument();
    expect(within(rowOf('Kader Mohideen')).getByText('N/A')).toBeInTheDocument();

    const badge = (name: string, text: string) => within(rowOf(name)).getByText(text).closest('[data-colour]');
    expect(badge('Haji Ismail bin Osman', 'Notify Now!')).toHaveAttribute('data-colour', 'green');
    expect(badge('Fatimah binte Yusof', 'Rejected')).toHaveAttribute('data-colour', 'red');
    expect(badge('Kader Mohideen', 'Update/Silent')).toHaveAttribute('data-colour', 'yellow');
    expect(badge('Abdul Rahman', 'Pending')).toHaveAttribute('data-colour', 'yellow');
  });

  it('searches by name or provider and filters by status, updating the count line', async () => {
    fakeApi({ [LIST]: list(NOTICES) });
    await renderWithProviders(<JanazaList />);
    await screen.findByText('Showing 4 of 4 notifications');
    const search = screen.getByRole('textbox', { name: 'Search by name or provider' });

    fireEvent.change(search, { target: { value: 'fatimah' } });
    expect(screen.getByText('Showing 1 of 4 notifications')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);

    fireEvent.change(search, { target: { value: 'MASJID' } });
    expect(screen.getByText('Showing 3 of 4 notifications')).toBeInTheDocument();

    await chooseStatus('Update/Silent');
    expect(await screen.findByText('Showing 1 of 4 notifications')).toBeInTheDocument();
    expect(screen.getByText('Kader Mohideen')).toBeInTheDocument();

    fireEvent.change(search, { target: { value: '' } });
    await chooseStatus('Notify Now!');
    expect(await screen.findByText('Showing 1 of 4 notifications')).toBeInTheDocument();
    expect(screen.getByText('Haji Ismail bin Osman')).toBeInTheDocument();

    fireEvent.change(search, { target: { value: 'nobody like this' } });
    expect(screen.getByText('Showing 0 of 4 notifications')).toBeInTheDocument();
    expect(screen.getByText('No Notifications Found')).toBeInTheDocument();
    expect(screen.getByText('No notification matches this search or status.')).toBeInTheDocument();
  });

  it('opens searching for the ?q= of a link', async () => {
    fakeApi({ [LIST]: list(NOTICES) });
    await renderWithProviders(<JanazaList />, { history: ['/dashboard/janaza-notifications/edit?q=Haji%20Ismail'] });
    expect(await screen.findByText('Showing 1 of 4 notifications')).toBeInTheDocument();
  });

  // A malformed link never blanks a page; the list opens as if the bad part were absent.
  for (const query of ['?q=%E0%A4%A', '?q=Haji%E0%A4%A', '?q=%', '?%E0%A4%A=x&q=%FF']) {
    it(`opens unsearched, with every notice, for ${query}`, async () => {
      fakeApi({ [LIST]: list(NOTICES) });
      await renderWithProviders(<JanazaList />, { history: [`/dashboard/janaza-notifications/edit${query}`] });
      expect(await screen.findByText('Showing 4 of 4 notifications')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Search by name or provider' })).toHaveValue('');
    });
  }

  it('shows the empty state when there are no notices', async () => {
    fakeApi({ [LIST]: list([]) });
    await renderWithProviders(<JanazaList />);
    expect(await screen.findByText('No Notifications Found')).toBeInTheDocument();
    expect(screen.getByText('There are currently no Janaza notifications to display.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 notifications')).toBeInTheDocument();
  });

  it('edits one row at a time, postal read-only, and saves optimistically', async () => {
    let body: Record<string, unknown> | undefined;
    // The fake server keeps what it was sent, so the refetch after saving agrees with it.
    const server = [...NOTICES];
    fakeApi({
      [LIST]: () => list(server),
      [`PATCH ${JANAZA_PATHS.notice('a')}`]: (config: InternalAxiosRequestConfig) => {
        body = JSON.parse(config.data as string);
        server[0] = { ...server[0], ...body };
        return { status: 200, data: { code: 200, data: server[0] } };
      },
    });
    await renderWithProviders(<JanazaList />);
    await screen.findByText('Showing 4 of 4 notifications');
    fireEvent.click(within(rowOf('Haji Ismail bin Osman')).getByRole('button', { name: /Edit/ }));

    const row = screen.getByRole('textbox', { name: 'Full Name' }).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('textbox', { name: /Postal/ })).not.toBeInTheDocument();
    expect(within(row).getByText('Postal 198833')).toBeInTheDocument();
    for (const [role, name] of [
      ['textbox', 'Full Name'],
      ['spinbutton', 'Age'],
      ['combobox', 'Gender'],
      ['checkbox', 'Private Notification'],
      ['textbox', 'Note'],
      ['combobox', 'Status'],
    ] as const) {
      expect(within(row).getByRole(role, { name })).toBeInTheDocument();
    }
    for (const other of ['Fatimah binte Yusof', 'Kader Mohideen']) {
      expect(within(rowOf(other)).getByRole('button', { name: /Edit/ })).toBeDisabled();
    }

    fireEvent.change(within(row).getByRole('textbox', { name: 'Full Name' }), {
      target: { value: 'Haji Ismail (Pak Mail)' },
    });
    fireEvent.mouseDown(within(row).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Rejected'));
    fireEvent.click(within(row).getByRole('button', { name: /Save/ }));

    expect(await screen.findByText('Haji Ismail (Pak Mail)')).toBeInTheDocument();
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({
      name: 'Haji Ismail (Pak Mail)',
      status: 'rejected',
      age: 70,
      gender: 'male',
      isPrivacy: false,
    });
    // docs/product/screens.md: inline edit may change the photo, name, age, gender, private flag, note and status.
    expect(Object.keys(body ?? {}).sort()).toEqual(['age', 'gender', 'isPrivacy', 'name', 'note', 'status']);
    expect(await screen.findByText('Notification updated')).toBeInTheDocument();
    expect(within(rowOf('Haji Ismail (Pak Mail)')).getByText('Rejected').closest('[data-colour]')).toHaveAttribute(
      'data-colour',
      'red',
    );
  });

  it('a bad draft stays in edit mode with the error and sends nothing', async () => {
    const { calls } = fakeApi({ [LIST]: list(NOTICES) });
    await renderWithProviders(<JanazaList />);
    await screen.findByText('Showing 4 of 4 notifications');
    fireEvent.click(within(rowOf('Abdul Rahman')).getByRole('button', { name: /Edit/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Full Name' }), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Full Name is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
  });

  it('Cancel discards the draft', async () => {
    fakeApi({ [LIST]: list(NOTICES) });
    await renderWithProviders(<JanazaList />);
    await screen.findByText('Showing 4 of 4 notifications');
    fireEvent.click(within(rowOf('Abdul Rahman')).getByRole('button', { name: /Edit/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Full Name' }), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    expect(screen.getByText('Abdul Rahman')).toBeInTheDocument();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
  });

  it('rolls an edit back with an error toast when the server refuses', async () => {
    fakeApi({
      [LIST]: list(NOTICES),
      [`PATCH ${JANAZA_PATHS.notice('d')}`]: {
        status: 400,
        data: refusalBody(400, 'Please check your input: status Status must be pending, approved, silent or rejected', [
          { path: 'status', message: 'Status must be pending, approved, silent or rejected' },
        ]),
      },
    });
    const release = holdBack('patch');
    await renderWithProviders(<JanazaList />);
    await screen.findByText('Showing 4 of 4 notifications');
    fireEvent.click(within(rowOf('Abdul Rahman')).getByRole('button', { name: /Edit/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Full Name' }), {
      target: { value: 'Abdul Rahman bin Hassan' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Abdul Rahman bin Hassan')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Full Name' })).not.toBeInTheDocument();
    release();
    expect(
      await screen.findByText('Could not save the changes. The notification is back as it was.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Status must be pending, approved, silent or rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Abdul Rahman')).toBeInTheDocument());
    expect(screen.queryByText('Abdul Rahman bin Hassan')).not.toBeInTheDocument();
  });

  it('deletes after the confirmation, optimistically', async () => {
    const remaining = NOTICES.filter((n) => n._id !== 'c');
    let deleted = false;
    fakeApi({
      [LIST]: () => list(deleted ? remaining : NOTICES),
      [`DELETE ${JANAZA_PATHS.notice('c')}`]: () => {
        deleted = true;
        return { status: 200, data: { code: 200 } };
      },
    });
    const release = holdBack('delete');
    await renderWithProviders(<JanazaList />);
    await screen.findByText('Showing 4 of 4 notifications');
    fireEvent.click(within(rowOf('Kader Mohideen')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Are you sure you want to delete this notification?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Kader Mohideen')).not.toBeInTheDocument());
    expect(screen.getByText('Showing 3 of 3 notifications')).toBeInTheDocument();
    expect(deleted).toBe(false);
    release();
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText('Notification deleted')).toBeInTheDocument();
  });

  it('the delete confirmation of a notice that has gone out and is still ahead points to Withdraw; others do not', async () => {
    fakeApi({ [LIST]: list(NOTICES) });
    await renderWithProviders(<JanazaList />);
    await screen.findByText('Showing 4 of 4 notifications');
    const question = 'Are you sure you want to delete this notification?';
    const warning =
      'It has already gone out. Deleting it tells nobody: to tell people it is cancelled, use Withdraw instead.';
    // pending: nothing went out, so only the question
    fireEvent.click(within(rowOf('Abdul Rahman')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText(question)).toBeInTheDocument();
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    // approved, its prayer in 2099: people were told and the prayer is still ahead
    fireEvent.click(within(rowOf('Haji Ismail bin Osman')).getByRole('button', { name: /Delete/ }));
    const bubble = (await screen.findByText(warning)).closest('.ant-popover') as HTMLElement;
    expect(within(bubble).getByText(question)).toBeInTheDocument();
  });

  it('puts a deleted row back with an error toast when the server refuses', async () => {
    fakeApi({
      [LIST]: list(NOTICES),
      [`DELETE ${JANAZA_PATHS.notice('b')}`]: {
        status: 403,
        data: refusalBody(403, 'Your account does not have the rights to do this.'),
      },
    });
    await renderWithProviders(<JanazaList />);
    await screen.findByText('Showing 4 of 4 notifications');
    fireEvent.click(within(rowOf('Fatimah binte Yusof')).getByRole('button', { name: /Delete/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Could not delete the notification. It is back in the list.')).toBeInTheDocument();
    expect(screen.getByText('Your account does not have the rights to do this.')).toBeInTheDocument();
    expect(screen.getByText('Fatimah binte Yusof')).toBeInTheDocument();
    expect(screen.getByText('Showing 4 of 4 notifications')).toBeInTheDocument();
  });

  it('shows cards instead of the table below 768 px', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      fakeApi({ [LIST]: list(NOTICES) });
      await renderWithProviders(<JanazaList />);
      await screen.findByText('Showing 4 of 4 notifications');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getAllByTestId('notice-card')).toHaveLength(4);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('a notice after a prayer reads as people say it, in both languages', async () => {
    // 08:08 UTC is 4:08 pm in Singapore.
    const asar = notice({ _id: 'p', name: 'Haji Yusof', dueDate: '2099-01-02T08:08:00.000Z', prayer: 'asar' });
    fakeApi({ [LIST]: list([asar]) });
    try {
      await renderWithProviders(<JanazaList />);
      expect(
        await within(await screen.findByRole('table')).findByText(/^2 Jan 2099, after Asar \(about 4:08\s?pm\)$/i),
      ).toBeInTheDocument();
      await setLanguage('ta');
      expect(await screen.findByText(/அஸர் தொழுகைக்குப் பின் \(ஏறக்குறைய .*4:08.*\)$/)).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('tells the user when the list cannot be loaded', async () => {
    fakeApi({ [LIST]: { status: 0 } });
    await renderWithProviders(<JanazaList />);
    expect((await screen.findAllByText('Could not load the notifications.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
