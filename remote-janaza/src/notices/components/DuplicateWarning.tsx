import { useIsMobile } from '@ummahnotify/client';
import { useSectionText } from '@ummahnotify/client/section';
import type { DuplicateMatch } from '@ummahnotify/domain';
import { Alert, Button, Flex, Typography } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { DueDate } from './DueDate';
import { StatusBadge } from './StatusBadge';

/** The Notifications tab of this section, searching for `name` (the list reads `?q=`). */
export function listLink(pathname: string, name: string): string {
  const base = pathname.replace(/\/create(\/.*)?$/, '').replace(/\/$/, '');
  return `${base}/edit?q=${encodeURIComponent(name)}`;
}

/**
 * The duplicate warning (docs/product/rules.md#janaza-notice): the notices that look like the one being created (close name, due within 2 days), each
 * with a link to it in the list, and "Create anyway" (sends the form again with confirmDuplicate).
 */
export function DuplicateWarning({
  matches,
  onCreateAnyway,
  onCancel,
  sending,
}: {
  matches: DuplicateMatch[];
  onCreateAnyway: () => void;
  onCancel: () => void;
  sending: boolean;
}) {
  const { t } = useSectionText('janaza');
  const { pathname } = useLocation();
  // On a phone the icon's column would leave the list too narrow.
  const isMobile = useIsMobile();
  if (matches.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon={!isMobile}
      role="alert"
      style={{ marginBottom: 16 }}
      title={t('duplicate.title')}
      description={
        <Flex vertical gap={12}>
          <Typography.Text>{t('duplicate.intro')}</Typography.Text>
          <ul aria-label={t('duplicate.title')} style={{ margin: 0, paddingInlineStart: 20 }}>
            {matches.map((match) => (
              <li key={match._id} style={{ marginBottom: 6 }}>
                <Flex wrap gap={8} align="center">
                  <Typography.Text strong>{match.name}</Typography.Text>
                  <DueDate value={match.dueDate} />
                  <StatusBadge status={match.status} />
                  <Link to={listLink(pathname, match.name)}>{t('duplicate.open')}</Link>
                </Flex>
              </li>
            ))}
          </ul>
          <Flex wrap gap={8}>
            <Button type="primary" danger loading={sending} onClick={onCreateAnyway}>
              {t('duplicate.createAnyway')}
            </Button>
            <Button onClick={onCancel} disabled={sending}>
              {t('duplicate.cancel')}
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}
