import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@ummahnotify/client';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { CreateJanazaForm } from './CreateJanazaForm';
import { DuplicateWarning } from './DuplicateWarning';

const PROVIDERS = {
  status: 200,
  data: { code: 200, data: [{ _id: 'p-sultan', businessName: 'Masjid Sultan', contact: '62934405' }] },
};
const MATCHES = [
  { _id: 'n-1', name: 'Haji Ismail bin Osman', dueDate: '2030-05-01T08:08:00.000Z', status: 'approved' },
  { _id: 'n-2', name: 'Ismail Osman', dueDate: '2030-05-02T05:00:00.000Z', status: 'pending' },
] as const;
/** The server's 409, as server/src/features/janaza/duplicates.ts answers it. */
const CONFLICT = {
  status: 409,
  data: {
    code: 409,
    message: 'A notice for a similar name, due within 2 days, already exists. Check it before creating another.',
    duplicates: MATCHES,
  },
};

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

describe('DuplicateWarning', () => {
  it('lists each close notice with its due date, status and a link to it in the list', async () => {
    const onCreateAnyway = jest.fn();
    const onCancel = jest.fn();
    await renderWithProviders(
      <DuplicateWarning matches={[...MATCHES]} onCreateAnyway={onCreateAnyway} onCancel={onCancel} sending={false} />,
      { history: ['/dashboard/janaza-notifications/create'] },
    );
    const warning = screen.getByRole('alert');
    expect(within(warning).getByText('This may be a notice that already exists')).toBeInTheDocument();
    const items = within(warning).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Haji Ismail bin Osman')).toBeInTheDocument();
    // docs/product/data.md display, Singapore time: 08:08 UTC is 16:08 in Singapore
    expect(within(items[0]).getByText('01-05-2030 16:08')).toBeInTheDocument();
    expect(within(items[0]).getByText('Notify Now!')).toBeInTheDocument();
    expect(within(items[1]).getByText('Pending')).toBeInTheDocument();
    expect(within(items[0]).getByRole('link', { name: 'Open in the list' })).toHaveAttribute(
      'href',
      '/dashboard/janaza-notifications/edit?q=Haji%20Ismail%20bin%20Osman',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create anyway' }));
    expect(onCreateAnyway).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Do not create' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('speaks Tamil when Tamil is chosen', async () => {
    await act(() => setLanguage('ta'));
    await renderWithProviders(
      <DuplicateWarning matches={[...MATCHES]} onCreateAnyway={() => {}} onCancel={() => {}} sending={false} />,
    );
    expect(screen.getByText('இந்த அறிவிப்பு ஏற்கெனவே இருக்கலாம்')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'இருந்தாலும் உருவாக்கு' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'பட்டியலில் திற' })).toHaveLength(2);
  });

  it('renders nothing without matches', async () => {
    await renderWithProviders(
      <DuplicateWarning matches={[]} onCreateAnyway={() => {}} onCancel={() => {}} sending={false} />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the create form and the duplicate warning', () => {
  async function fillAndSave(user: ReturnType<typeof userEvent.setup>) {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Provider/ }));
    fireEvent.click(await screen.findByTitle('Masjid Sultan'));
    fireEvent.change(screen.getByLabelText(/Full Name/), { target: { value: 'HAJI ISMAIL OSMAN' } });
    fireEvent.change(screen.getByLabelText(/^\*?\s*Age/), { target: { value: '81' } });
    fireEvent.change(screen.getByLabelText(/Postal Code/), { target: { value: '198833' } });
    fireEvent.click(screen.getByLabelText('At an exact time'));
    const due = await screen.findByPlaceholderText(/Select date and time/);
    fireEvent.mouseDown(due);
    fireEvent.focus(due);
    fireEvent.change(due, { target: { value: '30-04-2030 14:00' } });
    fireEvent.keyDown(due, { key: 'Enter', code: 'Enter' });
    await user.click(screen.getByRole('button', { name: 'Save Notification' }));
  }

  it('a 409 shows the matches instead of an error; "Create anyway" sends confirmDuplicate and creates it', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: Record<string, FormDataEntryValue>[] = [];
    fakeApi({
      [`GET ${JANAZA_PATHS.providers}`]: PROVIDERS,
      [`POST ${JANAZA_PATHS.notices}`]: (config: InternalAxiosRequestConfig) => {
        const fields = Object.fromEntries((config.data as FormData).entries());
        sent.push(fields);
        return fields.confirmDuplicate === 'true'
          ? { status: 201, data: { code: 201, data: { _id: 'n3' } } }
          : CONFLICT;
      },
    });
    await renderWithProviders(<CreateJanazaForm />, { history: ['/dashboard/janaza-notifications/create'] });
    await fillAndSave(user);

    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText('Haji Ismail bin Osman')).toBeInTheDocument();
    expect(within(warning).getByText('Ismail Osman')).toBeInTheDocument();
    expect(screen.queryByText('Failed to create notification ❌')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].confirmDuplicate).toBeUndefined();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('HAJI ISMAIL OSMAN');

    await user.click(within(warning).getByRole('button', { name: 'Create anyway' }));
    expect(await screen.findByText('Notification created successfully ✅')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ name: 'HAJI ISMAIL OSMAN', confirmDuplicate: 'true' });
    await waitFor(() => expect(screen.queryByText('This may be a notice that already exists')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
  });

  it('"Do not create" closes the warning and sends nothing more', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = fakeApi({
      [`GET ${JANAZA_PATHS.providers}`]: PROVIDERS,
      [`POST ${JANAZA_PATHS.notices}`]: CONFLICT,
    });
    await renderWithProviders(<CreateJanazaForm />, { history: ['/dashboard/janaza-notifications/create'] });
    await fillAndSave(user);
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Do not create' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });
});
