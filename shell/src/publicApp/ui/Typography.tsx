import type { CSSProperties, ReactNode } from 'react';
import { ANTD_SCOPE } from './antdScope';

const HEADINGS = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4', 5: 'h5' } as const;

/** antd's `Typography.Title`. */
export function Title({
  level,
  id,
  style,
  children,
}: {
  level: keyof typeof HEADINGS;
  id?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const Heading = HEADINGS[level];
  return (
    <Heading id={id} className={`ant-typography ${ANTD_SCOPE}`} style={style}>
      {children}
    </Heading>
  );
}

interface TextProps {
  type?: 'secondary';
  strong?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}

const textClass = (type: TextProps['type']) => `ant-typography${type ? ` ant-typography-${type}` : ''} ${ANTD_SCOPE}`;

/** antd's `Typography.Paragraph`. */
export function Paragraph({ type, strong, style, children }: TextProps) {
  return (
    <div className={textClass(type)} style={style}>
      {strong ? <strong>{children}</strong> : children}
    </div>
  );
}

/** antd's `Typography.Text`. */
export function Text({ type, strong, style, children }: TextProps) {
  return (
    <span className={textClass(type)} style={style}>
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}

/** antd's `Typography.Link`; `underline` as antd draws it, with a <u>. */
export function Link({
  href,
  download,
  newTab,
  label,
  underline,
  style,
  children,
}: {
  href: string;
  download?: boolean;
  newTab?: boolean;
  label?: string;
  underline?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      download={download ? '' : undefined}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
      aria-label={label}
      className={`ant-typography ant-typography-link ${ANTD_SCOPE}`}
      style={style}
    >
      {underline ? <u>{children}</u> : children}
    </a>
  );
}
