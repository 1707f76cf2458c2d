import { SmileOutlined } from '@ant-design/icons';
import { Result, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** docs/product/screens.md: any dashboard path that is not a page shows a friendly 'Smile!'. */
export function SmileMessage() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  return (
    <Result
      icon={<SmileOutlined style={{ color: token.colorPrimary }} />}
      title={t('smile')}
      subTitle={t('smileBody')}
    />
  );
}
