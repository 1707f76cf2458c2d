import { dueDateDisplay } from '@ummahnotify/shared/domain';
import { Typography } from 'antd';
import { useJanazaText } from '../common/useJanazaText';

/** SPEC §4: 'Expired-delete it' when passed, day-month-year hour:minute (Asia/Singapore), 'N/A' when missing. */
/** `wrap`: date and time may go on two lines (narrow table column). */
export function DueDate({ value, now, wrap }: { value: string | null | undefined; now?: Date; wrap?: boolean }) {
  const { t } = useJanazaText();
  const shown = dueDateDisplay(value, now);
  if (shown.kind === 'missing') return <Typography.Text type="secondary">{t('notAvailable')}</Typography.Text>;
  if (shown.kind === 'expired')
    return (
      <Typography.Text type="danger" strong>
        {t('expired')}
      </Typography.Text>
    );
  return (
    <Typography.Text strong style={{ whiteSpace: wrap ? 'normal' : 'nowrap' }}>
      <time dateTime={value ?? undefined}>{shown.text}</time>
    </Typography.Text>
  );
}
