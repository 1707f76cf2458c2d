import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
// antd's 403 picture alone: a plain SVG component of antd's, with no antd runtime behind it.
import Unauthorized from 'antd/es/result/unauthorized';
import type { ReactNode } from 'react';
import { ANTD_SCOPE } from './antdScope';
import { Icon } from './Icon';

const ICONS = { success: CheckCircleFilled, error: CloseCircleFilled, warning: WarningFilled };

type Status = keyof typeof ICONS | '403' | 'info';

/**
 * antd's `<Result>`: its status icon (or 403 picture, or the `icon` given, as antd's `info` with an icon), title,
 * sub title and the actions below them.
 */
export function Result({
  status,
  icon,
  title,
  subTitle,
  extra,
}: {
  status: Status;
  icon?: ReactNode;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  const image = status === '403';
  return (
    <div className={`ant-result ant-result-${status} ${ANTD_SCOPE}`}>
      <div className={image ? 'ant-result-icon ant-result-image' : 'ant-result-icon'}>
        {image ? <Unauthorized /> : status === 'info' ? icon : <Icon definition={ICONS[status]} />}
      </div>
      <div className="ant-result-title">{title}</div>
      {subTitle && <div className="ant-result-subtitle">{subTitle}</div>}
      {extra && <div className="ant-result-extra">{extra}</div>}
    </div>
  );
}
