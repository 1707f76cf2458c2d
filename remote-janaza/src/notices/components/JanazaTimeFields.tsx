import { useSectionText, wallClockOrValue } from '@ummahnotify/shared/client/section';
import { PRAYERS, type Prayer } from '@ummahnotify/shared/domain';
import { DatePicker, Form, type FormInstance, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

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

// Enter confirms the typed date; it must not also send the half-filled form.
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * The choice and its fields. Radio groups (arrow keys move, Space chooses) and antd's date pickers
 * (typed as DD-MM-YYYY, or picked on a phone) work with a keyboard and a touch screen alike.
 */
export function JanazaTimeFields({ form, dueDateRules }: { form: FormInstance; dueDateRules: object[] }) {
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
          <Form.Item
            name="prayerDate"
            label={t('field.prayerDate')}
            required
            rules={[{ required: true, message: t('error.prayerDateRequired') }]}
          >
            <DatePicker
              format="DD-MM-YYYY"
              placeholder={t('field.prayerDatePlaceholder')}
              onKeyDown={keepEnter}
              style={{ width: 200 }}
            />
          </Form.Item>
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
        <Form.Item name="dueDate" label={t('field.dueDate')} required rules={dueDateRules}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="DD-MM-YYYY HH:mm"
            placeholder={t('field.dueDatePlaceholder')}
            onKeyDown={keepEnter}
            style={{ width: '100%', maxWidth: 320 }}
          />
        </Form.Item>
      )}
    </>
  );
}
