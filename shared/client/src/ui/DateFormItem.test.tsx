import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { Button, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { renderWithProviders } from '../../test/render';
import { wallClockOf } from '../kit/pickerTime';
import { DATE_SHEET_CLASS } from './DateField';
import { DateFormItem } from './DateFormItem';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

/** A form with one required date field, as the janaza and event forms have. */
async function renderForm(withTime: boolean) {
  const saved: string[] = [];
  await renderWithProviders(
    <Form onFinish={(values: { when?: Dayjs }) => saved.push(wallClockOf(values.when))}>
      <DateFormItem
        name="when"
        label="When"
        withTime={withTime}
        rules={[{ required: true, message: 'When is required' }]}
        field={{ placeholder: 'Pick' }}
      />
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return saved;
}

/** Types into the field and leaves it, as a staff member tabbing to the next field does. */
function typeAndLeave(text: string) {
  const input = screen.getByPlaceholderText('Pick');
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  // React hears a blur as focusout
  fireEvent.focusOut(input);
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('DateFormItem', () => {
  it('takes a typed DD-MM-YYYY HH:mm and shows it in that format', async () => {
    const saved = await renderForm(true);
    typeAndLeave('25-11-2026 10:00');
    await waitFor(() => expect(screen.getByPlaceholderText('Pick')).toHaveValue('25-11-2026 10:00'));
    save();
    await waitFor(() => expect(saved).toEqual(['2026-11-25T10:00']));
  });

  it('takes the ISO order too and shows it day first', async () => {
    const saved = await renderForm(true);
    typeAndLeave('2026-11-25 10:00');
    await waitFor(() => expect(screen.getByPlaceholderText('Pick')).toHaveValue('25-11-2026 10:00'));
    save();
    await waitFor(() => expect(saved).toEqual(['2026-11-25T10:00']));
  });

  it('refuses a text that is not a date by name, not with "required", and saves nothing', async () => {
    const saved = await renderForm(true);
    typeAndLeave('tomorrow 10am');
    const refusal =
      '"tomorrow 10am" is not a date and time. Type it as day-month-year and 24-hour time, e.g. 25-11-2026 10:00, or pick it.';
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    save();
    await waitFor(() => expect(screen.getByText(refusal)).toBeInTheDocument());
    expect(screen.queryByText('When is required')).not.toBeInTheDocument();
    expect(saved).toEqual([]);

    // Typed again correctly, the refusal goes and the date is saved.
    typeAndLeave('26-11-2026 09:15');
    await waitFor(() => expect(screen.queryByText(refusal)).not.toBeInTheDocument());
    save();
    await waitFor(() => expect(saved).toEqual(['2026-11-26T09:15']));
  });

  it('says the refusal in Tamil on a Tamil screen, for a date alone', async () => {
    await act(() => setLanguage('ta'));
    await renderForm(false);
    typeAndLeave('31-02-2027');
    expect(
      await screen.findByText(
        '"31-02-2027" ஒரு தேதி அல்ல. நாள்-மாதம்-ஆண்டு என உள்ளிடவும் (எ.கா. 25-11-2026), அல்லது தேர்ந்தெடுக்கவும்.',
      ),
    ).toBeInTheDocument();
  });

  it('an empty field still says it is required', async () => {
    await renderForm(false);
    save();
    expect(await screen.findByText('When is required')).toBeInTheDocument();
  });

  it('opens its popup with the class the phone sheet is styled by', async () => {
    await renderForm(false);
    const input = screen.getByPlaceholderText('Pick');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.click(input);
    await waitFor(() => expect(document.querySelector(`.${DATE_SHEET_CLASS}.ant-picker-dropdown`)).not.toBeNull());
  });
});
