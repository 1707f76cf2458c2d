import WhatsAppOutlined from '@ant-design/icons-svg/es/asn/WhatsAppOutlined';
import type { AppConfig } from '@ummahnotify/domain';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../PublicFrame';
import { Flex } from '../ui/Flex';
import { Icon } from '../ui/Icon';
import { Result } from '../ui/Result';
import { Link } from '../ui/Typography';
import { whatsappLink } from './whatsappLink';

/** docs/product/screens.md#thanks: the logged-out page, with the support chat link when SUPPORT_WHATSAPP is set. */
export function ThanksPage({ config }: { config: AppConfig }) {
  const { t } = useTranslation('shell');
  return (
    <PublicFrame demo={config.demo}>
      <Result
        status="success"
        title={t('thanksTitle')}
        subTitle={t('thanksBody')}
        extra={
          <Flex vertical gap={12} align="center">
            {config.supportWhatsapp && (
              <Link href={whatsappLink(config.supportWhatsapp)} newTab>
                <Icon definition={WhatsAppOutlined} /> {t('contactSupport')}
              </Link>
            )}
            <a href="/login">{t('signInAgain')}</a>
          </Flex>
        }
      />
    </PublicFrame>
  );
}
