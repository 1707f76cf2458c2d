import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import type { PosterReader } from '../../poster/reader';
import { CreateEventPage } from './CreateEventPage';

const OCR_TEXT = 'YOUTH IFTAR GATHERING\nSaturday, 5 December 2026\n41 Dunlop Street';
const answer = {
  heading: 'Youth Iftar Gathering',
  headingTa: 'இளைஞர் இஃப்தார் ஒன்றுகூடல்',
  subHeading: 'Break fast together.',
  subHeadingTa: 'சேர்ந்து நோன்பு திறப்போம்.',
  content: { details: 'Free dinner for youths.', detailsTa: 'இளைஞர்களுக்கு இலவச இரவு உணவு.' },
  address: '41 Dunlop Street',
  addressTa: '41 டன்லப் ஸ்ட்ரீட்',
};

function fakeReader(read: (image: Blob) => Promise<string>) {
  const terminate = jest.fn(async () => {});
  const factory = jest.fn(
    async (): Promise<PosterReader> => ({
      read: (image, onProgress) => {
        onProgress?.(0.5);
        return read(image);
      },
      terminate,
    }),
  );
  return { factory, terminate };
}

const button = (text: RegExp) => screen.getByText(text).closest('button') as HTMLButtonElement;
const poster = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'youth-iftar.png', { type: 'image/png' });
const choosePoster = (file: File = poster) =>
  act(async () => {
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });
  });
const answerBox = () => document.getElementById('event-ai-answer') as HTMLTextAreaElement;
const paste = (text: string) =>
  act(async () => {
    fireEvent.paste(answerBox(), { clipboardData: { getData: () => text } });
  });

async function throughOcr(factory: () => Promise<PosterReader>) {
  await renderWithProviders(<CreateEventPage readerFactory={factory} />);
  await choosePoster();
  await act(async () => fireEvent.click(button(/^Extract & Generate Prompt$/)));
  await waitFor(() => expect(document.getElementById('event-prompt')).not.toBeNull());
}

// docs/product/screens.md#events: "Copy Prompt" / "Copied!" for 2 s; the event form appears 1 s after a valid paste.
const COPIED_SHOWN_MS = 2_000;
const FORM_APPEARS_MS = 1_000;

/** Moves the fake clock (the page's timers fire inside act, so what they change is drawn before the next line). */
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

afterEach(() => {
  restoreApi();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('CreateEventPage', () => {
  it('loads nothing until a poster is chosen, then reads it and builds the prompt with its text', async () => {
    const { factory, terminate } = fakeReader(async () => OCR_TEXT);
    const view = await renderWithProviders(<CreateEventPage readerFactory={factory} />);
    expect(factory).not.toHaveBeenCalled();
    expect(button(/^Extract & Generate Prompt$/)).toBeDisabled();
    await choosePoster();
    expect(factory).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(button(/^Extract & Generate Prompt$/)));
    const prompt = await waitFor(() => document.getElementById('event-prompt') as HTMLTextAreaElement);
    expect(prompt.value).toContain(OCR_TEXT);
    expect(prompt.value).toContain('"detailsTa"');
    expect(prompt.value).toMatch(/End every sentence with a full stop/);
    expect(prompt.value).toMatch(/Exclude transport and navigation information/);
    expect(factory).toHaveBeenCalledTimes(1);
    view.unmount();
    await waitFor(() => expect(terminate).toHaveBeenCalled());
  });

  it('says "Extracting..." while reading and "Failed to extract text." when reading fails', async () => {
    let fail: (e: Error) => void = () => {};
    const { factory } = fakeReader(() => new Promise((_resolve, reject) => (fail = reject)));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithProviders(<CreateEventPage readerFactory={factory} />);
    await choosePoster();
    await act(async () => fireEvent.click(button(/^Extract & Generate Prompt$/)));
    expect(await screen.findByText('Extracting...')).toBeInTheDocument();
    await act(async () => fail(new Error('worker crashed')));
    expect(await screen.findByText('Failed to extract text.')).toBeInTheDocument();
    expect(document.getElementById('event-prompt')).toBeNull();
    expect(console.error).toHaveBeenCalled();
  });

  it('refuses a file that is not an image', async () => {
    const { factory } = fakeReader(async () => OCR_TEXT);
    await renderWithProviders(<CreateEventPage readerFactory={factory} />);
    await choosePoster(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Choose an image file (JPEG, PNG or WebP).')).toBeInTheDocument();
    expect(factory).not.toHaveBeenCalled();
    expect(button(/^Extract & Generate Prompt$/)).toBeDisabled();
  });

  it('Copy Prompt copies the prompt and shows Copied! for 2 s', async () => {
    const writeText = jest.fn(async (_text: string) => {});
    Object.assign(navigator, { clipboard: { writeText } });
    await throughOcr(fakeReader(async () => OCR_TEXT).factory);
    jest.useFakeTimers();
    await act(async () => fireEvent.click(button(/^Copy Prompt$/)));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(OCR_TEXT));
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    await advance(COPIED_SHOWN_MS - 1);
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    await advance(1);
    expect(screen.getByText('Copy Prompt')).toBeInTheDocument();
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('a failed copy is logged and the admin is told', async () => {
    Object.assign(navigator, { clipboard: { writeText: jest.fn(async () => Promise.reject(new Error('denied'))) } });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    await throughOcr(fakeReader(async () => OCR_TEXT).factory);
    await act(async () => fireEvent.click(button(/^Copy Prompt$/)));
    expect(
      await screen.findByText('Could not copy the prompt. Select the text and copy it by hand.'),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Copying the prompt failed.', expect.any(Error));
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('broken JSON: "Invalid JSON. Please check the format." and no form', async () => {
    await throughOcr(fakeReader(async () => OCR_TEXT).factory);
    jest.useFakeTimers();
    await paste('{"heading": "Youth Iftar",');
    expect(screen.getAllByText('Invalid JSON. Please check the format.').length).toBeGreaterThanOrEqual(1);
    // The clock has passed the second after which a valid answer's form is open (the next test): this one's is not.
    await advance(FORM_APPEARS_MS);
    expect(screen.queryByText('Event details')).not.toBeInTheDocument();
  });

  it('a fenced answer opens the form 1 s later, pre-filled, content.details in Content', async () => {
    await throughOcr(fakeReader(async () => OCR_TEXT).factory);
    jest.useFakeTimers();
    await paste(`Here you go:\n\`\`\`json\n${JSON.stringify(answer, null, 2)}\n\`\`\``);
    await advance(FORM_APPEARS_MS - 1);
    expect(screen.queryByText('Event details')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByText('Event details')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Youth Iftar Gathering')).toBeInTheDocument();
    expect(screen.getByDisplayValue('இளைஞர் இஃப்தார் ஒன்றுகூடல்')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Free dinner for youths.')).toBeInTheDocument();
    expect(screen.getByDisplayValue('இளைஞர்களுக்கு இலவச இரவு உணவு.')).toBeInTheDocument();
    expect(screen.getByDisplayValue('41 டன்லப் ஸ்ட்ரீட்')).toBeInTheDocument();
    expect(screen.getByText('youth-iftar.png')).toBeInTheDocument();
  });

  it('a refused file leaves no poster behind, only why it was refused', async () => {
    const { factory } = fakeReader(async () => OCR_TEXT);
    await renderWithProviders(<CreateEventPage readerFactory={factory} />);
    await choosePoster();
    expect(screen.getByRole('img', { name: 'Poster preview' })).toBeTruthy();
    await choosePoster(new File(['not a picture'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose an image file (JPEG, PNG or WebP).');
    expect(screen.queryByRole('img', { name: 'Poster preview' })).toBeNull();
    expect(button(/^Extract & Generate Prompt$/)).toBeDisabled();
    expect(screen.getByText('Choose poster image')).toBeTruthy();
  });

  it('the form can be opened empty, without a poster', async () => {
    fakeApi({});
    await renderWithProviders(<CreateEventPage readerFactory={fakeReader(async () => '').factory} />);
    await act(async () => fireEvent.click(button(/^Fill in the event form without a poster$/)));
    expect(screen.getByText('Event details')).toBeInTheDocument();
    expect(screen.getByText('Heading (Tamil)')).toBeInTheDocument();
  });
});
