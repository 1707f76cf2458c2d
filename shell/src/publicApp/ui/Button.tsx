import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { ANTD_SCOPE } from './antdScope';
import { Icon } from './Icon';

const CLASSES = 'ant-btn-primary ant-btn-color-primary ant-btn-variant-solid ant-btn-lg';

/** antd's `<Button type="primary" size="large" icon href>`: a link drawn as the main button. */
export function LinkButton({ href, icon, children }: { href: string; icon: IconDefinition; children: string }) {
  return (
    <a href={href} className={`ant-btn ${ANTD_SCOPE} ${CLASSES}`} tabIndex={0} aria-disabled="false">
      <span className="ant-btn-icon">
        <Icon definition={icon} />
      </span>
      <span>{children}</span>
    </a>
  );
}
