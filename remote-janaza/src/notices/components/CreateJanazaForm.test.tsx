import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@ummahnotify/client';
import { singaporeDate } from '@ummahnotify/core';
import { JANAZA_PATHS, refusalBody } from '@ummahnotify/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { CreateJanazaForm } from './CreateJanazaForm';

const PROVIDERS = {
  status: 200,
  data: {
    code: 200,
    data: [
      { _id: 'p-sultan', businessName: 'Masjid Sultan', contact: '62934405' },
      { _id: 'p-ikhlas', businessName: 'Al-Ikhlas Janazah Services', contact: '91234567' },
    ],
  },
};
const GET_PROVIDERS = `GET ${JANAZA_PATHS.providers}`;
const POST_NOTICE = `POST ${JANAZA_PATHS.notices}`;

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

async function chooseProvider(name: string) {
  const select = screen.getByRole('combobox', { name: /Provider|வழங்குநர்/ });
  fireEvent.mouseDown(select);
  const option = await screen.findByTitle(name);
  fireEvent.click(option);
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** antd's DatePicker takes typed text in its display format; Enter commits it. */
async function typeDueDate(text: string) {
  const input = await screen.findByPlaceholderText(/Select date and time|தேதியையும்/);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

/** The day of a prayer-tied notice, typed DD-MM-YYYY; Enter commits it. */
function typePrayerDay(text: string) {
  const input = screen.getByPlaceholderText(/Select the day|நாளைத்/);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

async function fillValid(over: { age?: string; postal?: string } = {}) {
  await chooseProvider('Masjid Sultan');
  type(/Full Name/, 'Haji Ismail bin Osman');
  type(/^\*?\s*Age/, over.age ?? '81');
  type(/Postal Code/, over.postal ?? '198833');
  fireEvent.click(screen.getByLabelText('At an exact time'));
  await typeDueDate('01-05-2030 14:30');
}

const fieldOf = (data: unknown) => Object.fromEntries((data as FormData).entries());

describe('CreateJanazaForm', () => {
  it('lists providers by business name and fills the read-only contact on selection', async () => {
    fakeApi({ [GET_PROVIDERS]: PROVIDERS });
    await renderWithProviders(<CreateJanazaForm />);
    expect(screen.getByRole('heading', { name: 'Create Janaza Notification' })).toBeInTheDocument();
    await chooseProvider('Al-Ikhlas Janazah Services');
    const contact = screen.getByLabelText('Provider Contact');
    await waitFor(() => expect(contact).toHaveValue('91234567'));
    expect(contact).toHaveAttribute('readonly');
  });

  it('shows the shared schema errors inline and sends nothing when required fields are empty', async () => {
    const { calls } = fakeApi({ [GET_PROVIDERS]: PROVIDERS });
    await renderWithProviders(<CreateJanazaForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Save Notification' }));
    for (const text of [
      'Please choose a provider',
      'Full Name is required',
      'Age is required',
      'Postal code is required',
      // The form first offers the time as "after a prayer" on a day.
      'Choose the day of the prayer',
      'Choose the prayer',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    fireEvent.click(screen.getByLabelText('At an exact time'));
    await screen.findByPlaceholderText('Select date and time');
    fireEvent.click(screen.getByRole('button', { name: 'Save Notification' }));
    expect(await screen.findByText('Due date and time are required')).toBeInTheDocument();
    expect(calls).not.toContain(POST_NOTICE);
  });

  it('sends a notice after a prayer as prayer and prayerDate, without dueDate', async () => {
    const user = userEvent.setup({ delay: null });
    let sent: FormData | undefined;
    fakeApi({
      [GET_PROVIDERS]: PROVIDERS,
      [POST_NOTICE]: (config: InternalAxiosRequestConfig) => {
        sent = config.data as FormData;
        return { status: 201, data: { code: 201, data: { _id: 'n1' } } };
      },
    });
    await renderWithProviders(<CreateJanazaForm />);
    await chooseProvider('Masjid Sultan');
    type(/Full Name/, 'Haji Ismail bin Osman');
    type(/^\*?\s*Age/, '81');
    type(/Postal Code/, '198833');
    expect(screen.getByLabelText('After a prayer')).toBeChecked();
    expect(['Subuh', 'Zohor', 'Asar', 'Maghrib', 'Isyak'].map((p) => screen.getByLabelText(`After ${p}`))).toHaveLength(
      5,
    );
    typePrayerDay('01-05-2030');
    await user.click(screen.getByLabelText('After Asar'));
    await user.click(screen.getByRole('button', { name: 'Save Notification' }));
    expect(await screen.findByText('Notification created successfully ✅')).toBeInTheDocument();
    const fields = fieldOf(sent);
    expect(fields).toMatchObject({ prayer: 'asar', prayerDate: '2030-05-01', name: 'Haji Ismail bin Osman' });
    expect(fields).not.toHaveProperty('dueDate');
    // The form is back to "after a prayer", with no prayer chosen.
    await waitFor(() => expect(screen.getByLabelText('After Asar')).not.toBeChecked());
    expect(screen.getByLabelText('After a prayer')).toBeChecked();
  });

  // The time of a prayer is the server's to compute: asked for a prayer today, before saving.
  it.each([
    ['has passed: asked first, and "Go back" sends nothing', -60_000, true],
    ['is still to come: saved without asking', 3_600_000, false],
  ])('a prayer today whose time %s', async (_, fromNow, asked) => {
    const user = userEvent.setup({ delay: null });
    const today = singaporeDate();
    const prayerTimes: unknown[] = [];
    const { calls } = fakeApi({
      [GET_PROVIDERS]: PROVIDERS,
      [`GET ${JANAZA_PATHS.prayerTime}`]: (config: InternalAxiosRequestConfig) => {
        prayerTimes.push(config.params);
        const dueDate = new Date(Date.now() + fromNow).toISOString();
        return { status: 200, data: { code: 200, data: { prayer: 'asar', prayerDate: today, dueDate } } };
      },
      [POST_NOTICE]: { status: 201, data: { code: 201, data: { _id: 'n1' } } },
    });
    await renderWithProviders(<CreateJanazaForm />);
    await chooseProvider('Masjid Sultan');
    type(/Full Name/, 'Haji Ismail bin Osman');
    type(/^\*?\s*Age/, '81');
    type(/Postal Code/, '198833');
    typePrayerDay(today.split('-').reverse().join('-'));
    await user.click(screen.getByLabelText('After Asar'));
    await user.click(screen.getByRole('button', { name: 'Save Notification' }));
    if (asked) {
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getAllByText('This time has already passed').length).toBeGreaterThan(0);
      expect(within(dialog).getByText(/after Asar \(about/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Go back and change the time' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls).not.toContain(POST_NOTICE);
    } else {
      expect(await screen.findByText('Notification created successfully ✅')).toBeInTheDocument();
      expect(screen.queryByText('This time has already passed')).toBeNull();
    }
    expect(prayerTimes).toEqual([{ prayer: 'asar', prayerDate: today }]);
  });

  it('offers the prayers by their Tamil names when Tamil is chosen', async () => {
    await act(() => setLanguage('ta'));
    fakeApi({ [GET_PROVIDERS]: PROVIDERS });
    await renderWithProviders(<CreateJanazaForm />);
    for (const name of ['சுபுஹ்', 'ளுஹர்', 'அஸர்', 'மஃரிப்', 'இஷா'])
      expect(screen.getByLabelText(`${name} தொழுகைக்குப் பின்`)).toBeInTheDocument();
    expect(screen.getByLabelText('குறிப்பிட்ட நேரத்தில்')).toBeInTheDocument();
  });

  it('says under the note, in English and in Tamil, that a private notice keeps its note to staff', async () => {
    fakeApi({ [GET_PROVIDERS]: PROVIDERS });
    await renderWithProviders(<CreateJanazaForm />);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAccessibleDescription(
      'On a private notice, the note is not sent to subscribers nor shown publicly: only staff see it.',
    );
    await act(() => setLanguage('ta'));
    expect(screen.getByRole('textbox', { name: 'குறிப்பு' })).toHaveAccessibleDescription(
      'தனிப்பட்ட அறிவிப்பில் இந்தக் குறிப்பு சந்தாதாரர்களுக்கு அனுப்பப்படாது, பொதுவில் காட்டப்படாது: பணியாளர்கள் மட்டுமே பார்ப்பார்கள்.',
    );
  });

  it("refuses postal '12345' and age -1 before sending", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = fakeApi({ [GET_PROVIDERS]: PROVIDERS });
    await renderWithProviders(<CreateJanazaForm />);
    await fillValid({ age: '-1', postal: '12345' });
    await user.click(screen.getByRole('button', { name: 'Save Notification' }));
    expect(await screen.findByText('Postal code must be exactly 6 digits')).toBeInTheDocument();
    expect(await screen.findByText('Age cannot be below 0')).toBeInTheDocument();
    expect(calls).not.toContain(POST_NOTICE);
  });

  it('shows the errors in Tamil when Tamil is chosen', async () => {
    await act(() => setLanguage('ta'));
    fakeApi({ [GET_PROVIDERS]: PROVIDERS });
    await renderWithProviders(<CreateJanazaForm />);
    fireEvent.click(screen.getByRole('button', { name: 'அறிவிப்பைச் சேமி' }));
    expect(await screen.findByText('முழுப் பெயர் தேவை')).toBeInTheDocument();
    expect(screen.getByText('அஞ்சல் குறியீடு தேவை')).toBeInTheDocument();
  });

  it('sends the notice as multipart with the photo, toasts success, and resets (male, not private, no provider)', async () => {
    const user = userEvent.setup({ delay: null });
    let sent: FormData | undefined;
    fakeApi({
      [GET_PROVIDERS]: PROVIDERS,
      [POST_NOTICE]: (config: InternalAxiosRequestConfig) => {
        sent = config.data as FormData;
        return { status: 201, data: { code: 201, data: { _id: 'n1' } } };
      },
    });
    await renderWithProviders(<CreateJanazaForm />);
    await fillValid();
    await user.click(screen.getByLabelText('Female'));
    await user.click(screen.getByLabelText('Private Notification'));
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Photo of the deceased', { selector: 'input' }), photo);
    await user.click(screen.getByRole('button', { name: 'Save Notification' }));

    expect(await screen.findByText('Notification created successfully ✅')).toBeInTheDocument();
    expect(sent).toBeInstanceOf(FormData);
    expect(fieldOf(sent)).toMatchObject({
      provider: 'p-sultan',
      name: 'Haji Ismail bin Osman',
      age: '81',
      postal: '198833',
      gender: 'female',
      isPrivacy: 'true',
      status: 'pending',
      dueDate: '2030-05-01T06:30:00.000Z',
    });
    expect((sent?.get('image') as File | undefined)?.name).toBe('photo.jpg');

    await waitFor(() => expect(screen.getByLabelText(/Full Name/)).toHaveValue(''));
    expect(screen.getByLabelText('Male')).toBeChecked();
    expect(screen.getByLabelText('Private Notification')).not.toBeChecked();
    expect(screen.getByLabelText('Provider Contact')).toHaveValue('');
    const providerField = screen.getByRole('combobox', { name: 'Provider' }).closest('.ant-select') as HTMLElement;
    expect(within(providerField).queryByText('Masjid Sultan')).not.toBeInTheDocument();
  });

  it("a refusal from the server: 'Failed to create notification ❌' and the server's reason on its field", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      [GET_PROVIDERS]: PROVIDERS,
      [POST_NOTICE]: {
        status: 400,
        data: refusalBody(400, 'The file is not a JPEG, PNG or WebP image.', [
          { path: 'image', message: 'The file is not a JPEG, PNG or WebP image.' },
        ]),
      },
    });
    await renderWithProviders(<CreateJanazaForm />);
    await fillValid();
    await user.click(screen.getByRole('button', { name: 'Save Notification' }));
    expect(await screen.findByText('Failed to create notification ❌')).toBeInTheDocument();
    expect(await screen.findByText('The file is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Haji Ismail bin Osman');
  });

  it("no answer at all: 'Error creating notification ❌', and the form keeps what was typed", async () => {
    const user = userEvent.setup({ delay: null });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ [GET_PROVIDERS]: PROVIDERS, [POST_NOTICE]: { status: 0 } });
    await renderWithProviders(<CreateJanazaForm />);
    await fillValid();
    await user.click(screen.getByRole('button', { name: 'Save Notification' }));
    expect(await screen.findByText('Error creating notification ❌')).toBeInTheDocument();
    expect(screen.getByLabelText(/Postal Code/)).toHaveValue('198833');
  });

  it('refuses a file that is not a JPEG, PNG or WebP before sending', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const { calls } = fakeApi({ [GET_PROVIDERS]: PROVIDERS });
    await renderWithProviders(<CreateJanazaForm />);
    await fillValid();
    await user.upload(
      screen.getByLabelText('Photo of the deceased', { selector: 'input' }),
      new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Notification' }));
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image')).toBeInTheDocument();
    expect(calls).not.toContain(POST_NOTICE);
  });

  // A refused file must not look accepted (no preview, no Replace or Remove beside the error).
  it('shows only the error for a refused file, not a preview or its Replace and Remove buttons', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    fakeApi({ [GET_PROVIDERS]: PROVIDERS });
    await renderWithProviders(<CreateJanazaForm />);
    await user.upload(
      screen.getByLabelText('Photo of the deceased', { selector: 'input' }),
      new File(['not a picture'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo of the deceased' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Replace image/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove image/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Choose image/ })).toBeInTheDocument();
  });

  it('tells the user when the providers cannot be loaded (logged too)', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ [GET_PROVIDERS]: { status: 500, data: { code: 500, message: 'boom' } } });
    await renderWithProviders(<CreateJanazaForm />);
    expect((await screen.findAllByText('Could not load the list of masjids and partners.')).length).toBeGreaterThan(0);
    expect(log).toHaveBeenCalled();
  });
});
