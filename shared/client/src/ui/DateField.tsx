import { DATE_ENTRY_FORMATS, DATE_TIME_ENTRY_FORMATS, readTypedDate } from '@ummahnotify/core';
import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { useIsMobile } from './useIsMobile';

/** The popup's class: on a phone global.css lays it out as a sheet across the bottom of the screen. */
export const DATE_SHEET_CLASS = 'un-date-sheet';

export interface DateFieldProps
  extends Omit<
    DatePickerProps,
    'format' | 'showTime' | 'picker' | 'multiple' | 'value' | 'defaultValue' | 'onChange' | 'onOk' | 'classNames'
  > {
  /** A date and a 24-hour time (HH:mm); a calendar date alone when false. */
  withTime?: boolean;
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /**
   * Told the text when what was typed is not a date (the field is then emptied), and '' once it holds a
   * date again. Without it a typed text antd cannot read is left to antd (a list filter).
   */
  onUnreadText?: (text: string) => void;
}

/**
 * The one date (and time) entry of the dashboard: shows and takes DD-MM-YYYY and 24-hour
 * HH:mm, also understands a typed YYYY-MM-DD (shared/core/src/dateEntry.ts), and opens inside a
 * phone's screen. Picker values are Singapore wall-clock time (kit/pickerTime.ts).
 */
export function DateField({
  withTime = false,
  value,
  onChange,
  onUnreadText,
  onKeyDown,
  onBlur,
  ...rest
}: DateFieldProps) {
  const isMobile = useIsMobile();
  const holder = useRef<HTMLSpanElement>(null);
  // What was typed since the last pick: antd keeps a text it cannot read in the box without a value.
  const typed = useRef<string | undefined>(undefined);
  const remember = (event: FormEvent<HTMLSpanElement>) => {
    typed.current = (event.target as HTMLInputElement).value;
  };

  useEffect(() => {
    // A phone's keyboard would cover the sheet: there the sheet is the way in (a hardware keyboard still types).
    holder.current?.querySelector('input')?.setAttribute('inputmode', isMobile ? 'none' : 'text');
  }, [isMobile]);

  const change = (next: Dayjs | null) => {
    typed.current = undefined;
    onUnreadText?.('');
    onChange?.(next);
  };

  /** The typed text, read the way the domain reads it: taken as the value, or refused by name. */
  const settleTyped = () => {
    const text = typed.current?.trim();
    if (text === undefined || !onUnreadText) return;
    typed.current = undefined;
    const read = text ? readTypedDate(text, withTime) : undefined;
    if (!text || read) {
      const next = read ? dayjs(read) : null;
      const same = next === null ? !value : !!value?.isSame(next, 'minute');
      if (!same) onChange?.(next);
      onUnreadText('');
      return;
    }
    onUnreadText(text);
    if (value) onChange?.(null);
  };

  return (
    // display: contents: the span only hears the input's typing; the picker lays out as if it were not there.
    <span ref={holder} style={{ display: 'contents' }} onInput={remember} onChange={remember}>
      <DatePicker
        {...rest}
        value={value}
        onChange={(next) => change(next ?? null)}
        format={withTime ? [...DATE_TIME_ENTRY_FORMATS] : [...DATE_ENTRY_FORMATS]}
        showTime={withTime ? { format: 'HH:mm' } : undefined}
        classNames={{ popup: { root: DATE_SHEET_CLASS } }}
        onKeyDown={(event: KeyboardEvent<HTMLElement>, preventDefault: () => void) => {
          // Enter confirms the typed date; it must not also send the half-filled form.
          if (event.key === 'Enter') {
            event.preventDefault();
            settleTyped();
          }
          onKeyDown?.(event, preventDefault);
        }}
        onBlur={(event, info) => {
          settleTyped();
          onBlur?.(event, info);
        }}
      />
    </span>
  );
}
