import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { ANTD_SCOPE } from './antdScope';
import { Icon } from './Icon';

const PRIMARY = 'ant-btn-primary ant-btn-color-primary ant-btn-variant-solid ant-btn-lg';

/** antd's `<Button type="primary" size="large" icon href>`: a link drawn as the main button. */
export function LinkButton({ href, icon, children }: { href: string; icon: IconDefinition; children: string }) {
  return (
    <a href={href} className={`ant-btn ${ANTD_SCOPE} ${PRIMARY}`} tabIndex={0} aria-disabled="false">
      <span className="ant-btn-icon">
        <Icon definition={icon} />
      </span>
      <span>{children}</span>
    </a>
  );
}

const KIND = {
  primary: PRIMARY,
  default: 'ant-btn-default ant-btn-color-default ant-btn-variant-outlined ant-btn-lg',
  danger: 'ant-btn-default ant-btn-dangerous ant-btn-color-dangerous ant-btn-variant-outlined ant-btn-lg',
  link: 'ant-btn-link ant-btn-color-link ant-btn-variant-link ant-btn-lg',
} as const;

/** antd's large `<Button>`: primary, default, danger or link; while `loading`, antd's spinning icon in place of its own. */
export function Button({
  kind = 'primary',
  submit = false,
  loading = false,
  disabled = false,
  icon,
  onClick,
  children,
}: {
  kind?: keyof typeof KIND;
  submit?: boolean;
  loading?: boolean;
  disabled?: boolean;
  icon?: IconDefinition;
  onClick?: () => void;
  children: string;
}) {
  const shown = loading ? LoadingOutlined : icon;
  return (
    <button
      type={submit ? 'submit' : 'button'}
      className={`ant-btn ${ANTD_SCOPE} ${KIND[kind]}${loading ? ' ant-btn-loading' : ''}`}
      disabled={disabled || undefined}
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
