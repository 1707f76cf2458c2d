import type { SectionTab } from '@ummahnotify/domain';
import { Card, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { SignedInAs } from './SignedInAs';
import { SmileMessage } from './SmileMessage';

export interface SectionTabDef {
  key: SectionTab;
  label: string;
  element: ReactNode;
}

/**
 * A section's frame: its title and, when it has tabs, one tab per sub-route
 * (/dashboard/<section>/<tab>, see SECTION_TABS in the domain). Rendered under the shell's
 * `<section>/*` route, so the paths here are relative to the section.
 */
export function SectionPage({
  title,
  tabs,
  children,
}: {
  title: string;
  tabs?: SectionTabDef[];
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const active = rest.split('/')[0];
  // Relative links inside a splat route resolve against the whole URL, so build the tab path from the section's base.
  const base = pathname.slice(0, pathname.length - rest.length).replace(/\/$/, '');

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {title}
      </Typography.Title>
      <SignedInAs />
      {tabs && tabs.length > 0 ? (
        <>
          <Tabs
            activeKey={active}
            items={tabs.map((tab) => ({ key: tab.key, label: tab.label }))}
            onChange={(key) => navigate(`${base}/${key}`)}
          />
          <Routes>
            <Route index element={<Navigate to={tabs[0].key} replace />} />
            {tabs.map((tab) => (
              <Route key={tab.key} path={`${tab.key}/*`} element={tab.element} />
            ))}
            <Route path="*" element={<SmileMessage />} />
          </Routes>
        </>
      ) : (
        children
      )}
    </Card>
  );
}
