import { WhatsAppOutlined } from '@ant-design/icons';
import { Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../config/AppConfigContext';
import { PublicPage } from './PublicPage';
import { whatsappLink } from './whatsappLink';

/** SPEC §2 "/thanks": the logged-out page, with the support chat link when SUPPORT_WHATSAPP is set. */
export function ThanksPage() {
  const { t } = useTranslation('shell');
  const { supportWhatsapp } = useAppConfig();
  return (
    <PublicPage>
      <Result
        status="success"
        title={t('thanksTitle')}
        subTitle={t('thanksBody')}
        extra={
          <Flex vertical gap={12} align="center">
            {supportWhatsapp && (
              <Typography.Link href={whatsappLink(supportWhatsapp)} target="_blank" rel="noopener noreferrer">
                <WhatsAppOutlined /> {t('contactSupport')}
              </Typography.Link>
            )}
            {/* A full page load: /login is the light public app's page. */}
            <a href="/login">{t('signInAgain')}</a>
          </Flex>
        }
      />
    </PublicPage>
  );
}
