import {
  CalendarOutlined,
  DashboardOutlined,
  IdcardOutlined,
  NotificationOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { SectionKey } from '@ummahnotify/domain';
import type { ReactNode } from 'react';

export const SECTION_ICONS: Record<SectionKey, ReactNode> = {
  summary: <DashboardOutlined />,
  'committee-members': <TeamOutlined />,
  members: <IdcardOutlined />,
  'janaza-notifications': <NotificationOutlined />,
  events: <CalendarOutlined />,
};
