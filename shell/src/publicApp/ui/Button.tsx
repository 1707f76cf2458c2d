import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { ANTD_SCOPE } from './antdScope';
import { Icon } from './Icon';

const KIND = {
  primary: 'ant-btn-primary ant-btn-color-primary ant-btn-variant-solid',
  default: 'ant-btn-default ant-btn-color-default ant-btn-variant-outlined',
  danger: 'ant-btn-default ant-btn-dangerous ant-btn-color-dangerous ant-btn-variant-outlined',
  link: 'ant-btn-link ant-btn-color-link ant-btn-variant-link',
} as const;

/**
 * antd's `<Button size="large">`: primary, default, danger or link; while `loading`,
 * antd's spinning icon in place of its own.
 */
export function Button({
  kind = 'primary',
  submit = false,
  loading = false,
  disabled = false,
  wrap = false,
  icon,
  onClick,
  children,
}: {
  kind?: keyof typeof KIND;
  submit?: boolean;
  loading?: boolean;
  disabled?: boolean;
  /** A label that may be longer than a phone's width (Tamil) wraps instead of running off the screen. */
  wrap?: boolean;
  icon?: IconDefinition;
  onClick?: () => void;
  children: string;
}) {
  const shown = loading ? LoadingOutlined : icon;
  return (
    <button
      type={submit ? 'submit' : 'button'}
      className={`ant-btn ${ANTD_SCOPE} ${KIND[kind]} ant-btn-lg${loading ? ' ant-btn-loading' : ''}`}
      disabled={disabled || undefined}
      style={wrap ? { whiteSpace: 'normal', height: 'auto', minHeight: 40, maxWidth: '100%' } : undefined}
      onClick={loading ? undefined : onClick}
    >
      {shown && (
        <span className={loading ? 'ant-btn-icon ant-btn-loading-icon' : 'ant-btn-icon'}>
          <Icon definition={shown} spin={loading} />
        </span>
      )}
      <span>{children}</span>
    </button>
  );
}
