import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../authStore';

/** 'Signed in as <first name>', read from the one shared auth store. */
export function SignedInAs() {
  const { t } = useTranslation();
  const firstName = useAuthStore((s) => s.user.fName);
  return (
    <Typography.Text type="secondary" data-testid="signed-in-as">
      {t('common:signedInAs', { name: firstName || t('shell:defaultName') })}
    </Typography.Text>
  );
}
