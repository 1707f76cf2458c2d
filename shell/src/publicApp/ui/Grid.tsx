import type { CSSProperties, ReactNode } from 'react';
import { ANTD_SCOPE } from './antdScope';

/** antd's `<Row gutter={[gap, gap]}>`: half the gap as negative side margins, the whole gap between rows. */
export function Row({ gap, style, children }: { gap: number; style?: CSSProperties; children: ReactNode }) {
  return (
    <div className={`ant-row ${ANTD_SCOPE}`} style={{ marginInline: -gap / 2, rowGap: gap, ...style }}>
      {children}
    </div>
  );
}

/** antd's `<Col xs={24} md={span}>` in a Row of that gap: full width on a phone, `span` of 24 from md up. */
export function Col({ gap, md, children }: { gap: number; md: number; children: ReactNode }) {
  return (
    <div style={{ paddingInline: gap / 2 }} className={`ant-col ant-col-xs-24 ant-col-md-${md} ${ANTD_SCOPE}`}>
      {children}
    </div>
  );
}

/** antd's `<Divider />`. */
export function Divider() {
  // biome-ignore lint/a11y/useSemanticElements: antd's markup, which its CSS draws
  return <div className={`ant-divider ${ANTD_SCOPE} ant-divider-horizontal ant-divider-rail`} role="separator" />;
}
