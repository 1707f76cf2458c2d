import { DATE_ENTRY_EXAMPLE, DATE_TIME_ENTRY_EXAMPLE } from '@ummahnotify/core';
import { Form, type FormItemProps } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, type DateFieldProps } from './DateField';

export interface DateFormItemProps extends Omit<FormItemProps, 'children' | 'name' | 'validateFirst'> {
  name: string;
  withTime?: boolean;
  /** The picker's own props (placeholder, disabledDate, style...). */
  field?: Omit<DateFieldProps, 'withTime' | 'value' | 'onChange' | 'onUnreadText'>;
}

/**
 * A form's date field: the DateField, whose typed text that is not a date is refused by name ("… is not a
 * date, type it as 25-11-2026") before any other rule, rather than left in the box while saving says the
 * date is required.
 */
export function DateFormItem({ name, withTime = false, field, rules = [], ...item }: DateFormItemProps) {
  const { t } = useTranslation('common');
  const form = Form.useFormInstance();
  const unread = useRef('');
  const refuseUnread = {
    validator: async () => {
      if (!unread.current) return;
      throw new Error(
        withTime
          ? t('dateEntry.unreadDateTime', { text: unread.current, example: DATE_TIME_ENTRY_EXAMPLE })
          : t('dateEntry.unreadDate', { text: unread.current, example: DATE_ENTRY_EXAMPLE }),
      );
    },
  };
  const onUnreadText = (text: string) => {
    if (text === unread.current) return;
    unread.current = text;
    // Shows (or clears) the refusal now, not only at the next save; a refusal is the answer here.
    form.validateFields([name]).catch(() => undefined);
  };
  return (
    <Form.Item name={name} rules={[refuseUnread, ...rules]} validateFirst {...item}>
      <DateField withTime={withTime} {...field} onUnreadText={onUnreadText} />
    </Form.Item>
  );
}
