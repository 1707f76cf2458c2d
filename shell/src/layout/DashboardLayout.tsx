import { CloseOutlined, MenuOutlined } from '@ant-design/icons';
import { LanguageSwitch, useIsMobile, useToast } from '@ummahnotify/client';
import { Button, Flex, Layout, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { logout } from '../auth/sessionApi';
import { DemoBanner } from './DemoBanner';
import { SidebarMenu } from './SidebarMenu';
import { UserSummary } from './UserSummary';
import { useSessionRecheck } from './useSessionRecheck';

// Wide enough for the longest Tamil section name (ஜனாஸா அறிவிப்புகள்) without an ellipsis.
const SIDER_WIDTH = 272;

/** Header, sidebar (a toggled panel under 768 px) and the outlet where sections render. */
export function DashboardLayout() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const toast = useToast();
  const isMobile = useIsMobile();
  const [menuOpen, setMenuOpen] = useState(false);
  useSessionRecheck();

  const exit = async () => {
    try {
      await logout();
    } catch {
      toast.error(t('common:networkError'));
    }
    navigate('/thanks');
  };

  const brand = (
    <Link to="/dashboard">
      <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary }}>
        {t('common:appName')}
      </Typography.Title>
    </Link>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <DemoBanner />
      <Layout>
        {!isMobile && (
          // The sider's white runs the whole height of a long page; its contents stay in view (sticky).
          <Layout.Sider
            width={SIDER_WIDTH}
            theme="light"
            style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
          >
            <Flex vertical style={{ position: 'sticky', top: 0, height: '100vh' }}>
              <div style={{ padding: '20px 24px 12px' }}>{brand}</div>
              <div style={{ flex: 1, minHeight: 0 }}>
                <SidebarMenu onExit={exit} />
              </div>
            </Flex>
          </Layout.Sider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <Flex
            component="header"
            align="center"
            justify="space-between"
            wrap
            gap={12}
            style={{
              padding: isMobile ? '10px 12px' : '12px 24px',
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            {isMobile && (
              <Flex align="center" justify="space-between" gap={8} style={{ width: '100%' }}>
                {brand}
                <Button
                  icon={menuOpen ? <CloseOutlined /> : <MenuOutlined />}
                  aria-expanded={menuOpen}
                  onClick={() => setMenuOpen((open) => !open)}
                >
                  {menuOpen ? t('closeMenu') : t('openMenu')}
                </Button>
              </Flex>
            )}
            <UserSummary />
            <LanguageSwitch />
          </Flex>
          {isMobile && menuOpen && (
            <div
              data-testid="mobile-menu"
              style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
            >
              <SidebarMenu onExit={exit} onNavigate={() => setMenuOpen(false)} />
            </div>
          )}
          <Layout.Content style={{ padding: isMobile ? 12 : 24, minWidth: 0 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
