import { useSectionText } from '@ummahnotify/client/section';
import type { Prayer } from '@ummahnotify/core';
import { dueDateDisplay, formatJanazaWhen } from '@ummahnotify/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * docs/product/data.md: 'Expired-delete it' when passed, day-month-year hour:minute (Asia/Singapore), 'N/A' when missing.
 * A notice tied to a prayer reads as people say it, "25 Nov 2026, after Asar (about 4:08 pm)".
 * `wrap`: the text may go on several lines (narrow table column).
 */
export function DueDate({
  value,
  prayer,
  now,
  wrap,
}: {
  value: string | null | undefined;
  prayer?: Prayer | null;
  now?: Date;
  wrap?: boolean;
}) {
  const { t } = useSectionText('janaza');
  const { i18n } = useTranslation();
  const shown = dueDateDisplay(value, now);
  if (shown.kind === 'missing') return <Typography.Text type="secondary">{t('notAvailable')}</Typography.Text>;
  if (shown.kind === 'expired')
    return (
      <Typography.Text type="danger" strong>
        {t('expired')}
      </Typography.Text>
    );
  const text =
    prayer && value
      ? formatJanazaWhen({ dueDate: value, prayer }, i18n.language === 'ta' ? 'ta' : 'en', 'medium')
      : shown.text;
  return (
    <Typography.Text strong style={{ whiteSpace: wrap || prayer ? 'normal' : 'nowrap' }}>
      <time dateTime={value ?? undefined}>{text}</time>
    </Typography.Text>
  );
}
