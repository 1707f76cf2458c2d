import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { CSSProperties } from 'react';
import { ANTD_SCOPE } from './antdScope';
import { Icon } from './Icon';

const ICONS = {
  info: InfoCircleFilled,
  success: CheckCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/** antd's `<Alert showIcon>` (or `banner`): its markup, so antd's extracted CSS draws it. */
export function Alert({
  type,
  title,
  role = 'alert',
  banner = false,
  style,
  testId,
}: {
  type: keyof typeof ICONS;
  title: string;
  role?: 'alert' | 'status';
  banner?: boolean;
  style?: CSSProperties;
  testId?: string;
}) {
  const classes = ['ant-alert', `ant-alert-${type}`, 'ant-alert-outlined', ...(banner ? ['ant-alert-banner'] : [])];
  return (
    <div
      data-show="true"
      className={`${classes.join(' ')} ${ANTD_SCOPE}`}
      style={style}
      role={role}
      data-testid={testId}
    >
      <span className="ant-alert-icon">
        <Icon definition={ICONS[type]} />
      </span>
      <div className="ant-alert-section">
        <div className="ant-alert-title">{title}</div>
      </div>
    </div>
  );
}
