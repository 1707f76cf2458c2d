import type { CSSProperties, ReactNode } from 'react';
import { ANTD_SCOPE } from './antdScope';

/** antd's `<App>` around `<Layout>`: the page's font, colours and full height. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className={`ant-app ${ANTD_SCOPE}`}>
      <div className={`ant-layout ${ANTD_SCOPE}`} style={{ minHeight: '100vh' }}>
        {children}
      </div>
    </div>
  );
}

/** antd's `<Flex component="header" align="center" justify="space-between" wrap gap={8}>`. */
export function HeaderBar({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const classes = 'ant-flex-wrap-wrap ant-flex-align-center ant-flex-justify-space-between';
  return (
    <header className={`ant-flex ${ANTD_SCOPE} ${classes}`} style={{ gap: 8, ...style }}>
      {children}
    </header>
  );
}

/** antd's `<Layout.Content>`. */
export function Content({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  return (
    <main className={`ant-layout-content ${ANTD_SCOPE}`} style={style}>
      {children}
    </main>
  );
}

/** antd's `<Card>`, or `<Card size="small">`. */
export function Card({
  small = false,
  id,
  style,
  children,
}: {
  small?: boolean;
  id?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div id={id} className={`ant-card ant-card-bordered${small ? ' ant-card-small' : ''} ${ANTD_SCOPE}`} style={style}>
      <div className="ant-card-body">{children}</div>
    </div>
  );
}
