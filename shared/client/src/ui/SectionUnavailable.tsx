import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The first line of an error: Module Federation appends long debugging blocks after it. */
function summary(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return error.message.split('\n')[0].slice(0, 300);
}

/** Shown inside the layout when a section's remote cannot be loaded or crashes. */
export function SectionUnavailable({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const detail = summary(error);
  return (
    <Result
      status="warning"
      title={t('sectionUnavailable')}
      subTitle={
        <>
          <div>{t('sectionUnavailableHint')}</div>
          {detail && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="section-error">
              {t('errorDetails', { message: detail })}
            </Typography.Text>
          )}
        </>
      }
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}
