import { LogoutOutlined } from '@ant-design/icons';
import { useAuthStore } from '@ummahnotify/client';
import { DASHBOARD_PATH } from '@ummahnotify/core';
import { sectionPath, sectionsFor } from '@ummahnotify/domain';
import { Badge, Button, Flex, Menu, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { buildRelease } from './release';
import { SECTION_ICONS } from './sectionIcons';

interface Props {
  /** Called after a link is followed (the phone menu closes itself). */
  onNavigate?: () => void;
  onExit: () => void;
}

/** The sections this user may open (docs/product/screens.md#sections, rights.md), the status footer and the red EXIT button. */
export function SidebarMenu({ onNavigate, onExit }: Props) {
  const { t } = useTranslation('shell');
  const rights = useAuthStore((s) => s.rights);
  const { pathname } = useLocation();
  const current = pathname.slice(DASHBOARD_PATH.length + 1).split('/')[0];
  const release = buildRelease();

  return (
    <Flex vertical justify="space-between" style={{ height: '100%' }}>
      <nav aria-label={t('openMenu')}>
        <Menu
          mode="inline"
          selectedKeys={[current]}
          style={{ borderInlineEnd: 'none' }}
          items={sectionsFor(rights).map((section) => ({
            key: section.key,
            icon: SECTION_ICONS[section.key],
            label: (
              <Link to={sectionPath(section.key)} onClick={onNavigate}>
                {t(`common:section.${section.key}`)}
              </Link>
            ),
          }))}
        />
      </nav>
      <Flex vertical gap={12} style={{ padding: 16 }}>
        <Button type="primary" danger block icon={<LogoutOutlined />} onClick={onExit}>
          {t('exit')}
        </Button>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Badge status="success" text={t('online')} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('dashboardVersion')}
          </Typography.Text>
        </Flex>
        {release && (
          // The product's release and the commit it was built from: what a volunteer reads out when reporting a fault.
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="release">
            {t('release', { version: release.version })}
            {release.commit && <span title={release.commit}>{` · ${release.commit.slice(0, 7)}`}</span>}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
