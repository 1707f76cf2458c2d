import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A section page that is not built yet: its heading and 'coming soon'. */
export function PlaceholderPage({ heading }: { heading?: string }) {
  const { t } = useTranslation('common');
  return (
    <div>
      {heading && <Typography.Title level={4}>{heading}</Typography.Title>}
      <Typography.Paragraph>{t('comingSoon')}</Typography.Paragraph>
    </div>
  );
}
