import { useAuthStore } from '@ummahnotify/client';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Header: first name (default 'User'), email, and role (default 'User'), docs/product/screens.md. */
export function UserSummary() {
  const { t } = useTranslation('shell');
  const user = useAuthStore((s) => s.user);
  const rights = useAuthStore((s) => s.rights);
  const role = rights ? t(`common:rights.${rights}`, { defaultValue: t('defaultRole') }) : t('defaultRole');
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong data-testid="user-name">
          {user.fName || t('defaultName')}
        </Typography.Text>
        <Tag color="green" data-testid="user-role" style={{ marginInlineEnd: 0 }}>
          {role}
        </Tag>
      </Flex>
      {user.email && (
        <Typography.Text type="secondary" data-testid="user-email" style={{ fontSize: 13 }}>
          {user.email}
        </Typography.Text>
      )}
    </Flex>
  );
}
