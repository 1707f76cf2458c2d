import type { CSSProperties, ReactNode } from 'react';
import { ANTD_SCOPE } from './antdScope';

export interface FlexProps {
  vertical?: boolean;
  gap?: number;
  align?: 'flex-start' | 'center' | 'baseline';
  justify?: 'space-between';
  wrap?: boolean;
  component?: 'div' | 'header';
  id?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** antd's `<Flex>`: the same classes, so antd's extracted CSS lays it out. */
export function Flex({ vertical, gap, align, justify, wrap, component = 'div', id, style, children }: FlexProps) {
  const classes = [
    'ant-flex',
    ANTD_SCOPE,
    ...(wrap ? ['ant-flex-wrap-wrap'] : []),
    ...(align || vertical ? [`ant-flex-align-${align ?? 'stretch'}`] : []),
    ...(justify ? [`ant-flex-justify-${justify}`] : []),
    ...(vertical ? ['ant-flex-vertical'] : []),
  ];
  const Element = component;
  return (
    <Element id={id} className={classes.join(' ')} style={gap === undefined ? style : { ...style, gap }}>
      {children}
    </Element>
  );
}
