import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface LoadFailedProps {
  title: string;
  /** The "Details: …" line under the title, when the error says something. */
  details?: string;
  onRetry: () => void;
}

/** A list that could not load: an error alert with a Retry button (SectionList's `failed`). */
export function LoadFailed({ title, details, onRetry }: LoadFailedProps) {
  const { t } = useTranslation('common');
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={details}
      action={<Button onClick={() => onRetry()}>{t('retry')}</Button>}
    />
  );
}
