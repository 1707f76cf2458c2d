import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { schemaProblems } from '@ummahnotify/client/section';
import { type AiEvent, createEventSchema, refusalBody } from '@ummahnotify/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import dayjs from 'dayjs';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { type CheckedField, type EventFormValues, toNewEventFields } from '../formValues';
import { EventForm } from './EventForm';

const checkEventForm = (values: Partial<EventFormValues>) =>
  schemaProblems(createEventSchema, toNewEventFields(values));
const checkEventField = (field: CheckedField, values: Partial<EventFormValues>) =>
  checkEventForm(values)[field] ?? null;

const EVENTS = '/api/v1/admin/events';
const created = { code: 201, data: { _id: '6b1f1c36-1d0e-4c55-9a57-0a4b8f0a1c01', heading: 'Youth Iftar' } };
const ai: AiEvent = {
  heading: 'Youth Iftar',
  headingTa: 'இளைஞர் இஃப்தார்',
  subHeading: '',
  subHeadingTa: '',
  content: { details: 'Dinner provided.', detailsTa: 'இரவு உணவு.' },
  address: '',
  addressTa: '',
};
const filled = {
  heading: 'Youth Iftar',
  headingTa: 'இளைஞர் இஃப்தார்',
  content: 'Dinner provided.',
  contentTa: 'இரவு உணவு.',
  dateTime: dayjs('2030-12-05T19:30'),
};

// getByRole is slow over antd's many styles in jsdom; the label text finds the same button.
const submit = () =>
  act(async () =>
    fireEvent.click(screen.getByText(/^(Create Event|நிகழ்வை உருவாக்கு)$/).closest('button') as HTMLElement),
  );

afterEach(async () => {
  restoreApi();
  jest.useRealTimers();
  await setLanguage('en');
});

describe('form rules (the shared schema, field by field)', () => {
  it('needs both headings and the date and time', () => {
    expect(checkEventField('heading', {})).toBe('Enter the heading in English.');
    expect(checkEventField('headingTa', { headingTa: '   ' })).toBe('Enter the heading in Tamil.');
    expect(checkEventField('dateTime', { dateTime: null })).toBe('Choose the date and time of the event.');
    expect(checkEventField('subHeading', {})).toBeNull();
    expect(checkEventForm(filled)).toEqual({});
    expect(Object.keys(checkEventForm({}))).toEqual(['heading', 'headingTa', 'dateTime']);
  });

  it('sends the picked date as Singapore wall-clock time and the defaults for what was left alone', () => {
    expect(toNewEventFields(filled)).toEqual({
      heading: 'Youth Iftar',
      headingTa: 'இளைஞர் இஃப்தார்',
      subHeading: '',
      subHeadingTa: '',
      content: 'Dinner provided.',
      contentTa: 'இரவு உணவு.',
      address: '',
      addressTa: '',
      registration: false,
      serviceType: 'general',
      dateTime: '2030-12-05T19:30',
    });
  });
});

describe('EventForm', () => {
  it('an empty form shows what is missing and sends nothing', async () => {
    const { calls } = fakeApi({});
    await renderWithProviders(<EventForm onClose={() => {}} />);
    await submit();
    expect(await screen.findByText('Enter the heading in English.')).toBeInTheDocument();
    expect(screen.getByText('Enter the heading in Tamil.')).toBeInTheDocument();
    expect(screen.getByText('Choose the date and time of the event.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the Tamil twin of each rule in Tamil', async () => {
    await setLanguage('ta');
    fakeApi({});
    await renderWithProviders(<EventForm onClose={() => {}} initialValues={{ heading: 'Youth Iftar' }} />);
    await submit();
    expect(await screen.findByText('தமிழ்த் தலைப்பை உள்ளிடவும்.')).toBeInTheDocument();
    expect(screen.getByText('நிகழ்வின் தேதியையும் நேரத்தையும் தேர்ந்தெடுக்கவும்.')).toBeInTheDocument();
    expect(screen.queryByText('ஆங்கிலத் தலைப்பை உள்ளிடவும்.')).not.toBeInTheDocument();
  });

  it('creates the event as form data, keeps the AI answer with it, says so, and closes after 1 s', async () => {
    let sent: FormData | undefined;
    let aiBody: unknown;
    // On a fake clock that moves only when the test moves it: the 1 s runs from the AI answer's save, whose answer
    // comes back at the clock's same instant (docs/product/rules.md: the form closes 1 s after a successful create).
    jest.useFakeTimers();
    let aiSavedAt = Number.POSITIVE_INFINITY;
    let closedAt = 0;
    const { calls } = fakeApi({
      [`POST ${EVENTS}`]: (config: InternalAxiosRequestConfig) => {
        sent = config.data as FormData;
        return { status: 201, data: created };
      },
      [`POST /api/v1/admin/ummahnotify/ai-event/${created.data._id}`]: (config) => {
        aiBody = JSON.parse(config.data as string);
        aiSavedAt = Date.now();
        return { status: 200, data: { code: 200 } };
      },
    });
    const onClose = jest.fn(() => {
      closedAt = Date.now();
    });
    await renderWithProviders(<EventForm onClose={onClose} initialValues={filled} aiSource={ai} />);
    await submit();
    expect(await screen.findByText('Event created successfully ✅')).toBeInTheDocument();
    expect(sent).toBeInstanceOf(FormData);
    expect(sent?.get('heading')).toBe('Youth Iftar');
    expect(sent?.get('headingTa')).toBe('இளைஞர் இஃப்தார்');
    expect(sent?.get('content')).toBe('Dinner provided.');
    expect(sent?.get('dateTime')).toBe('2030-12-05T19:30');
    expect(sent?.get('serviceType')).toBe('general');
    expect(sent?.get('image')).toBeNull();
    await waitFor(() => expect(aiBody).toEqual(ai));
    const closesIn = aiSavedAt + 1_000 - Date.now();
    await act(() => jest.advanceTimersByTimeAsync(closesIn - 1));
    expect(onClose).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(closedAt - aiSavedAt).toBe(1_000);
    expect(calls).toEqual([`POST ${EVENTS}`, `POST /api/v1/admin/ummahnotify/ai-event/${created.data._id}`]);
  });

  /** The form opened with step 1's poster; `sent()` is the form data the create call carried. */
  async function withPoster() {
    let sent: FormData | undefined;
    fakeApi({
      [`POST ${EVENTS}`]: (config) => {
        sent = config.data as FormData;
        return { status: 201, data: created };
      },
    });
    const poster = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'poster.png', { type: 'image/png' });
    const { container } = await renderWithProviders(
      <EventForm onClose={() => {}} initialValues={filled} poster={poster} />,
    );
    return { container, sent: () => sent };
  }

  it('sends the poster from step 1 as the image', async () => {
    const { sent } = await withPoster();
    expect(screen.getByText('poster.png')).toBeInTheDocument();
    await submit();
    await screen.findByText('Event created successfully ✅');
    expect((sent()?.get('image') as File | null)?.name).toBe('poster.png');
  });

  // A refused file must not look accepted; the poster it replaced is gone too (what is sent is what shows).
  it('a file that is not an image clears the poster: the field shows only the error, and no image is sent', async () => {
    const { container, sent } = await withPoster();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } }),
    );
    expect(await screen.findByText('Choose an image file (JPEG, PNG or WebP).')).toBeInTheDocument();
    expect(screen.queryByText('poster.png')).toBeNull();
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(screen.getByText('Choose poster image')).toBeInTheDocument();
    await submit();
    await screen.findByText('Event created successfully ✅');
    expect(sent()?.get('image')).toBeNull();
  });

  it('a refusal from the server: "Failed to create event ❌", its reason, and the field marked', async () => {
    fakeApi({
      [`POST ${EVENTS}`]: {
        status: 400,
        data: refusalBody(400, 'Enter the heading in Tamil.', [
          { path: 'headingTa', message: 'Enter the heading in Tamil.' },
        ]),
      },
    });
    await renderWithProviders(<EventForm onClose={() => {}} initialValues={filled} />);
    await submit();
    expect(await screen.findByText(/Failed to create event ❌/)).toBeInTheDocument();
    expect(screen.getAllByText(/Enter the heading in Tamil\./).length).toBeGreaterThanOrEqual(2);
  });

  it('a network failure: "Error creating event ❌", and the form keeps what was typed', async () => {
    fakeApi({ [`POST ${EVENTS}`]: { status: 0 } });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithProviders(<EventForm onClose={() => {}} initialValues={filled} />);
    await submit();
    expect(await screen.findByText('Error creating event ❌')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Youth Iftar')).toBeInTheDocument();
  });

  it('a time that has passed is asked about: back sends nothing, "Save anyway" creates it', async () => {
    const { calls } = fakeApi({ [`POST ${EVENTS}`]: { status: 201, data: created } });
    const past = { ...filled, dateTime: dayjs('2026-11-25T10:00') };
    await renderWithProviders(<EventForm onClose={() => {}} initialValues={past} />);
    await submit();
    // antd's confirm names its dialog by the title: the title is there twice
    expect(await screen.findAllByText("This event's time has already passed")).not.toHaveLength(0);
    expect(screen.getByText(/The date and time you entered \(25-11-2026 10:00\) is in the past\./)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByText('Go back and change it').closest('button') as HTMLElement));
    await waitFor(() => expect(screen.queryAllByText("This event's time has already passed")).toHaveLength(0));
    expect(calls).toEqual([]);

    await submit();
    await act(async () => fireEvent.click((await screen.findByText('Save anyway')).closest('button') as HTMLElement));
    expect(await screen.findByText('Event created successfully ✅')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('a time still to come is saved without asking', async () => {
    fakeApi({ [`POST ${EVENTS}`]: { status: 201, data: created } });
    await renderWithProviders(<EventForm onClose={() => {}} initialValues={filled} />);
    await submit();
    expect(await screen.findByText('Event created successfully ✅')).toBeInTheDocument();
    expect(screen.queryAllByText("This event's time has already passed")).toHaveLength(0);
  });
});
