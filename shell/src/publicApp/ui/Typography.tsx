import type { CSSProperties, ReactNode } from 'react';
import { ANTD_SCOPE } from './antdScope';

/** antd's `Typography.Title` at level 3 or 4. */
export function Title({ level, style, children }: { level: 3 | 4; style?: CSSProperties; children: ReactNode }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <Heading className={`ant-typography ${ANTD_SCOPE}`} style={style}>
      {children}
    </Heading>
  );
}

/** antd's `Typography.Paragraph`. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <div className={`ant-typography ${ANTD_SCOPE}`}>{children}</div>;
}
