import { useToast } from '@ummahnotify/client';
import { formatMoment } from '@ummahnotify/core';
import type { RefusedSignIn } from '@ummahnotify/domain';
import { App, Button, Flex, List, Typography } from 'antd';
import { useEffect } from 'react';
import { useSectionText } from '../../common/useSectionText';
import { useLinkSignIn, useRefusedSignIns } from '../hooks';

/**
 * The accounts a sign-in from another Google account was refused for (docs/product/rights.md#accounts-and-sign-in): a superadmin links the
 * new Google account on purpose, after checking with the person. Shown under the committee table only
 * while something waits; a failed load is only logged (the table above has its own error state).
 */
export function SignInLinks() {
  const { t, i18n, details } = useSectionText('committee');
  const toast = useToast();
  const { modal } = App.useApp();
  const waiting = useRefusedSignIns();
  const link = useLinkSignIn();

  // Once per failure, not on every render while it lasts.
  useEffect(() => {
    if (waiting.error) console.error('Loading the refused sign-ins failed', waiting.error);
  }, [waiting.error]);
  if (!waiting.data?.length) return null;

  const confirmLink = (account: RefusedSignIn) =>
    modal.confirm({
      title: t('signIns.confirm', { email: account.email }),
      okText: t('signIns.link'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await link.mutateAsync(account._id);
          toast.success(t('signIns.linked', { email: account.email }));
        } catch (error) {
          console.error('Linking a sign-in failed', error);
          toast.error(
            <>
              {t('signIns.failed')}
              {details(error) && <div>{details(error)}</div>}
            </>,
          );
        }
      },
    });

  return (
    <>
      <Typography.Title level={4}>{t('signIns.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('signIns.intro')}</Typography.Paragraph>
      <List
        dataSource={waiting.data}
        renderItem={(account) => (
          <List.Item>
            {/* Wraps on a phone: the button goes under the details instead of squeezing them. */}
            <Flex wrap gap={8} justify="space-between" align="center" style={{ width: '100%' }}>
              <div style={{ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography.Text strong>{`${account.fName} ${account.lName}`.trim() || account.email}</Typography.Text>
                <div>{account.email}</div>
                <Typography.Text type="secondary">
                  {t('signIns.refusedAt', { time: formatMoment(account.refusedAt, i18n.language) })}
                </Typography.Text>
              </div>
              <Button onClick={() => confirmLink(account)} aria-label={t('signIns.linkFor', { email: account.email })}>
                {t('signIns.link')}
              </Button>
            </Flex>
          </List.Item>
        )}
      />
    </>
  );
}
