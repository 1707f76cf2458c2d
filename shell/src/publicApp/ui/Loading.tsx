import type { ReactNode } from 'react';
import { ANTD_SCOPE } from './antdScope';

/** antd's spinner: four dots turning. */
function SpinDots() {
  return (
    <span className="ant-spin-dot-holder">
      <span className="ant-spin-dot ant-spin-dot-spin">
        <i className="ant-spin-dot-item" />
        <i className="ant-spin-dot-item" />
        <i className="ant-spin-dot-item" />
        <i className="ant-spin-dot-item" />
      </span>
    </span>
  );
}

/** antd's `<Spin description>` over what is still loading. */
export function Spin({ description, children }: { description: string; children: ReactNode }) {
  return (
    <div className={`ant-spin ant-spin-spinning ${ANTD_SCOPE}`} aria-live="polite" aria-busy="true">
      <div className="ant-spin-section">
        <SpinDots />
        <div className="ant-spin-description">{description}</div>
      </div>
      <div className="ant-spin-container">{children}</div>
    </div>
  );
}

/** antd's `<Skeleton active>`: a title and three lines. */
export function Skeleton() {
  return (
    <div className={`ant-skeleton ant-skeleton-active ${ANTD_SCOPE}`}>
      <div className="ant-skeleton-section">
        {/* biome-ignore lint/a11y/useHeadingContent: antd's placeholder bar for a title still loading */}
        <h3 className="ant-skeleton-title" style={{ width: '38%' }} />
        <ul className="ant-skeleton-paragraph">
          <li />
          <li />
          <li style={{ width: '61%' }} />
        </ul>
      </div>
    </div>
  );
}
