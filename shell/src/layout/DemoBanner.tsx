import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../config/AppConfigContext';

/** Says so when the server runs in demo mode (local sign-in, sample data). */
export function DemoBanner() {
  const { t } = useTranslation('shell');
  const { demo } = useAppConfig();
  if (!demo) return null;
  return <Alert banner type="info" title={t('demoBanner')} data-testid="demo-banner" />;
}
