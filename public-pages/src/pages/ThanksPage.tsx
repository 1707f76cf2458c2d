import { WhatsAppOutlined } from '@ant-design/icons';
import { Flex, Result, Typography } from 'antd';
import type { Texts } from '../texts';

/**
 * docs/product/screens.md#thanks: the logged-out page. The support chat link is shown by the script when the server's
 * SUPPORT_WHATSAPP is set (browser/thanks.ts writes its number).
 */
export function ThanksPage({ t }: { t: Texts }) {
  return (
    <Result
      status="success"
      title={t('shell:thanksTitle')}
      subTitle={t('shell:thanksBody')}
      extra={
        <Flex vertical gap={12} align="center">
          <div data-support hidden>
            <Typography.Link href="https://wa.me/" target="_blank" rel="noopener noreferrer">
              <WhatsAppOutlined /> {t('shell:contactSupport')}
            </Typography.Link>
          </div>
          <a href="/login">{t('shell:signInAgain')}</a>
        </Flex>
      }
    />
  );
}
