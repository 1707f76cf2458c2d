import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventJson } from '@ummahnotify/domain';
import { refusalBody } from '@ummahnotify/domain';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import { anEvent } from '../../../../shared/domain/test/answers';
import { EventsList } from './EventsList';

const EVENTS = '/api/v1/admin/events';
const event = (id: string, overrides: Partial<EventJson> = {}): EventJson => anEvent({ _id: id, ...overrides });
const IFTAR = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c01';
const BLOOD = '0d2d8a3e-9a34-4f55-8f0e-1f1d3a5b6c02';
const list = () => ({
  status: 200,
  data: {
    code: 200,
    events: [
      event(IFTAR),
      event(BLOOD, { heading: 'Blood Donation Drive', headingTa: 'இரத்த தான முகாம்', published: true }),
    ],
    nextCursor: null,
  },
});

const click = (element: Element | null) => act(async () => fireEvent.click(element as Element));
const buttonIn = (scope: HTMLElement, text: RegExp) => within(scope).getByText(text).closest('button');
const rowOf = (heading: string) => screen.getByText(heading).closest('tr') as HTMLElement;

afterEach(() => {
  restoreApi();
  jest.restoreAllMocks();
});

describe('EventsList', () => {
  it('lists heading, sub heading and the published tick', async () => {
    fakeApi({ [`GET ${EVENTS}`]: list() });
    await renderWithProviders(<EventsList />);
    expect(await screen.findByText('Youth Iftar Gathering')).toBeInTheDocument();
    expect(screen.getByText('இரத்த தான முகாம்')).toBeInTheDocument();
    expect(within(rowOf('Blood Donation Drive')).getByLabelText('Published')).toBeInTheDocument();
    expect(within(rowOf('Youth Iftar Gathering')).getByLabelText('Not published')).toBeInTheDocument();
    expect(within(rowOf('Youth Iftar Gathering')).getByText('5 Dec 2026, 19:30')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    fakeApi({ [`GET ${EVENTS}`]: { status: 500, data: { code: 500, message: 'x' } } });
    await renderWithProviders(<EventsList />);
    expect(await screen.findByText('Failed to load events.')).toBeInTheDocument();
  });

  it('View shows both languages, the address, a download link for the image, and Close', async () => {
    fakeApi({ [`GET ${EVENTS}`]: list() });
    await renderWithProviders(<EventsList />);
    await click(buttonIn(await waitFor(() => rowOf('Youth Iftar Gathering')), /^View$/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Event Details')).toBeInTheDocument();
    expect(within(dialog).getByText('இரவு உணவு வழங்கப்படும்.')).toBeInTheDocument();
    expect(within(dialog).getByText('41 Dunlop Street, Singapore 209369')).toBeInTheDocument();
    expect(within(dialog).getByText('41 டன்லப் ஸ்ட்ரீட், சிங்கப்பூர் 209369')).toBeInTheDocument();
    const download = within(dialog).getByText('Download image').closest('a') as HTMLAnchorElement;
    expect(download.getAttribute('href')).toBe(`/api/v1/uploads/${IFTAR}`);
    expect(download.hasAttribute('download')).toBe(true);
    await click(buttonIn(dialog, /^Close$/));
    await waitFor(() => expect(screen.queryByText('Event Details')).not.toBeInTheDocument());
  });

  it('inline edit sends link, date and time and Publish now, and shows the change at once', async () => {
    let sent: Record<string, unknown> | undefined;
    let release: () => void = () => {};
    fakeApi({
      [`GET ${EVENTS}`]: list(),
      [`PATCH ${EVENTS}/${IFTAR}`]: async (config) => {
        sent = JSON.parse(config.data as string);
        await new Promise<void>((r) => (release = r));
        return {
          status: 200,
          data: { code: 200, data: event(IFTAR, { link: 'https://example.sg/iftar', published: true }) },
        };
      },
    });
    await renderWithProviders(<EventsList />);
    await click(buttonIn(await waitFor(() => rowOf('Youth Iftar Gathering')), /^Edit$/));
    await act(async () =>
      fireEvent.change(screen.getByPlaceholderText('https://'), { target: { value: 'https://example.sg/iftar' } }),
    );
    await click(screen.getByText('Publish now').closest('label')?.querySelector('input') ?? null);
    await click(screen.getByText(/^Save$/).closest('button'));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      link: 'https://example.sg/iftar',
      published: true,
      dateTime: '2026-12-05T19:30',
      headingTa: 'இளைஞர் இஃப்தார் ஒன்றுகூடல்',
    });
    // optimistic: the tick shows before the server answers
    expect(within(rowOf('Youth Iftar Gathering')).getByLabelText('Published')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('Event saved.')).toBeInTheDocument();
  });

  it('a bad link is caught before anything is sent', async () => {
    const { calls } = fakeApi({ [`GET ${EVENTS}`]: list() });
    await renderWithProviders(<EventsList />);
    await click(buttonIn(await waitFor(() => rowOf('Youth Iftar Gathering')), /^Edit$/));
    await act(async () =>
      fireEvent.change(screen.getByPlaceholderText('https://'), { target: { value: 'example.sg' } }),
    );
    await click(screen.getByText(/^Save$/).closest('button'));
    expect(screen.getByText('The link must be a web address starting with http:// or https://.')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
  });

  it('a refused edit is rolled back with an error toast', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      [`GET ${EVENTS}`]: list(),
      [`PATCH ${EVENTS}/${IFTAR}`]: { status: 400, data: refusalBody(400, 'Enter the heading in Tamil.') },
    });
    await renderWithProviders(<EventsList />);
    await click(buttonIn(await waitFor(() => rowOf('Youth Iftar Gathering')), /^Edit$/));
    await act(async () =>
      fireEvent.change(screen.getByDisplayValue('Youth Iftar Gathering'), { target: { value: 'Renamed Iftar' } }),
    );
    await click(screen.getByText(/^Save$/).closest('button'));
    expect(await screen.findByText(/Could not save the event\. Your change was undone\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Youth Iftar Gathering')).toBeInTheDocument());
    expect(screen.queryByText('Renamed Iftar')).not.toBeInTheDocument();
  });

  it('the delete confirmation of a published event still ahead points to Withdraw; a draft gets only the question', async () => {
    const events = [
      event(IFTAR, { dateTime: '2099-03-01T11:30:00.000Z' }),
      event(BLOOD, { heading: 'Blood Donation Drive', published: true, dateTime: '2099-03-02T02:00:00.000Z' }),
    ];
    fakeApi({ [`GET ${EVENTS}`]: { status: 200, data: { code: 200, events, nextCursor: null } } });
    await renderWithProviders(<EventsList />);
    const question = 'Are you sure you want to delete this event?';
    const warning =
      'It has already gone out. Deleting it tells nobody: to tell people it will not take place, use Withdraw instead.';
    await click(buttonIn(await waitFor(() => rowOf('Youth Iftar Gathering')), /^Delete$/));
    const draft = (await screen.findByText(question)).closest('.ant-popover') as HTMLElement;
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    await click(buttonIn(draft, /^Cancel$/));
    await click(buttonIn(rowOf('Blood Donation Drive'), /^Delete$/));
    const published = (await screen.findByText(warning)).closest('.ant-popover') as HTMLElement;
    expect(within(published).getByText(question)).toBeInTheDocument();
  });

  it('delete asks first, removes the row at once, and puts it back if the server refuses', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let refuse: () => void = () => {};
    fakeApi({
      [`GET ${EVENTS}`]: list(),
      [`DELETE ${EVENTS}/${IFTAR}`]: () =>
        new Promise((resolve) => (refuse = () => resolve({ status: 500, data: { code: 500, message: 'x' } }))),
    });
    await renderWithProviders(<EventsList />);
    await click(buttonIn(await waitFor(() => rowOf('Youth Iftar Gathering')), /^Delete$/));
    const confirm = await screen.findByText('Are you sure you want to delete this event?');
    await click(buttonIn(confirm.closest('.ant-popover') as HTMLElement, /^Delete$/));
    await waitFor(() => expect(screen.queryByText('Youth Iftar Gathering')).not.toBeInTheDocument());
    await act(async () => refuse());
    expect(await screen.findByText(/Could not delete the event\. It is back in the list\./)).toBeInTheDocument();
    expect(await screen.findByText('Youth Iftar Gathering')).toBeInTheDocument();
  });
});
