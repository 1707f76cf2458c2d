import { DateFormItem, useSectionText, wallClockOf, wallClockOrValue } from '@ummahnotify/client/section';
import {
  DATE_ENTRY_FORMATS,
  DATE_TIME_ENTRY_FORMATS,
  isPastDay,
  isPastWallClock,
  PRAYERS,
  type Prayer,
  singaporeDate,
} from '@ummahnotify/core';
import { formatJanazaWhen } from '@ummahnotify/domain';
import { Form, type FormInstance, type FormItemProps, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fetchPrayerTime } from '../api';

/** How the time of the janaza prayer is given (docs/product/rules.md#janaza-notice): after a daily prayer on a day, or at an exact time. */
export type TimeKind = 'prayer' | 'exact';
export const TIME_KINDS: readonly TimeKind[] = ['prayer', 'exact'];

export interface TimeValues {
  timeKind: TimeKind;
  prayer?: Prayer;
  prayerDate?: Dayjs | null;
  dueDate?: Dayjs | null;
}

/** The day as sent: YYYY-MM-DD, the Singapore date the staff member picked. */
export function prayerDateWire(value: unknown): string | undefined {
  if (value && typeof value === 'object' && 'format' in value && typeof (value as Dayjs).format === 'function') {
    const d = value as Dayjs;
    return d.isValid() ? d.format('YYYY-MM-DD') : undefined;
  }
  return undefined;
}

/** The time fields as the API takes them: `prayer` with `prayerDate`, or `dueDate`; never both. */
export function timeWire(values: TimeValues): { prayer?: string; prayerDate?: string; dueDate?: unknown } {
  return values.timeKind === 'prayer'
    ? { prayer: values.prayer, prayerDate: prayerDateWire(values.prayerDate) }
    : { dueDate: wallClockOrValue(values.dueDate) };
}

/**
 * The chosen time as the form shows it (DD-MM-YYYY, with HH:mm for an exact time) when it has passed:
 * saved, the notice would be expired at once. A prayer today is not known here (the server
 * computes its time): only a day before today counts.
 */
export function pastTimeOf(values: TimeValues, now: Date | number = Date.now()): string | undefined {
  if (values.timeKind === 'prayer') {
    const day = prayerDateWire(values.prayerDate);
    return day && isPastDay(day, now) ? values.prayerDate?.format(DATE_ENTRY_FORMATS[0]) : undefined;
  }
  const due = values.dueDate;
  return due && isPastWallClock(wallClockOf(due), now) ? due.format(DATE_TIME_ENTRY_FORMATS[0]) : undefined;
}

/**
 * As pastTimeOf, and a prayer today too: its time is asked of the server, and when it has passed the answer
 * reads as the list shows it ("27 Nov 2026, after Subuh (about 5:43 am)"). When the server cannot say, the
 * save goes on unasked (the server still takes a past time).
 */
export async function pastTimeAsked(
  values: TimeValues,
  language: 'en' | 'ta',
  now: () => number = Date.now,
): Promise<string | undefined> {
  const known = pastTimeOf(values, now());
  const day = prayerDateWire(values.prayerDate);
  if (known || values.timeKind !== 'prayer' || !values.prayer || day !== singaporeDate(now())) return known;
  try {
    const dueDate = await fetchPrayerTime(values.prayer, day);
    return Date.parse(dueDate) <= now()
      ? formatJanazaWhen({ dueDate, prayer: values.prayer }, language, 'medium')
      : undefined;
  } catch (error) {
    console.error('Asking the prayer time failed', error);
    return undefined;
  }
}

/**
 * The choice and its fields. Radio groups (arrow keys move, Space chooses) and the shared date fields
 * (typed as DD-MM-YYYY HH:mm, or picked on a phone's sheet) work with a keyboard and a touch screen alike.
 */
export function JanazaTimeFields({ form, dueDateRules }: { form: FormInstance; dueDateRules: FormItemProps['rules'] }) {
  const { t } = useSectionText('janaza');
  const { t: prayerText } = useTranslation('prayer');
  const kind = (Form.useWatch('timeKind', form) as TimeKind | undefined) ?? 'prayer';
  return (
    <>
      <Form.Item name="timeKind" label={t('field.timeKind')} required>
        <Radio.Group options={TIME_KINDS.map((k) => ({ value: k, label: t(`timeKind.${k}`) }))} />
      </Form.Item>
      {kind === 'prayer' ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 24 }}>
          <DateFormItem
            name="prayerDate"
            label={t('field.prayerDate')}
            required
            rules={[{ required: true, message: t('error.prayerDateRequired') }]}
            field={{ placeholder: t('field.prayerDatePlaceholder'), style: { width: 200 } }}
          />
          <Form.Item
            name="prayer"
            label={t('field.prayer')}
            required
            rules={[{ required: true, message: t('error.prayerRequired') }]}
            style={{ flex: '1 1 280px' }}
          >
            <Radio.Group
              options={PRAYERS.map((p) => ({
                value: p,
                label: prayerText('option', { prayer: prayerText(`name.${p}`) }),
              }))}
            />
          </Form.Item>
        </div>
      ) : (
        <DateFormItem
          name="dueDate"
          label={t('field.dueDate')}
          required
          rules={dueDateRules}
          withTime
          field={{ placeholder: t('field.dueDatePlaceholder'), style: { width: '100%', maxWidth: 320 } }}
        />
      )}
    </>
  );
}
