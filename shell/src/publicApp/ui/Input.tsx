import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import type { CSSProperties, HTMLAttributes } from 'react';
import { ANTD_SCOPE } from './antdScope';
import { Icon } from './Icon';

interface InputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  type?: 'text' | 'email';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  style?: CSSProperties;
  /** An icon inside the field, before the text (antd's `prefix`). */
  prefix?: IconDefinition;
  /** A fixed text joined to the field's start (antd's `addonBefore`), e.g. a country code. */
  addonBefore?: string;
}

const status = (invalid: boolean | undefined, block: string) => (invalid ? ` ${block}-status-error` : '');

/** antd's large `<Input>`, plain, with a prefix icon or with a text before it. */
export function Input({ onChange, invalid, prefix, addonBefore, type = 'text', ...field }: InputProps) {
  const input = (className: string) => (
    <input {...field} type={type} className={className} onChange={(event) => onChange(event.target.value)} />
  );
  if (prefix)
    return (
      <span
        className={`ant-input-affix-wrapper ant-input-affix-wrapper-lg ant-input-outlined${status(invalid, 'ant-input')} ${ANTD_SCOPE} ant-input-css-var`}
      >
        <span className="ant-input-prefix">
          <Icon definition={prefix} />
        </span>
        {input('ant-input ant-input-lg')}
      </span>
    );
  if (addonBefore)
    return (
      <span
        className={`ant-input-group-wrapper ant-input-group-wrapper-lg ant-input-group-wrapper-outlined${status(invalid, 'ant-input-group-wrapper')} ${ANTD_SCOPE} ant-input-css-var`}
      >
        <span className="ant-input-wrapper ant-input-group">
          <span className="ant-input-group-addon">{addonBefore}</span>
          {input(`ant-input ant-input-lg ant-input-outlined${status(invalid, 'ant-input')}`)}
        </span>
      </span>
    );
  return input(
    `ant-input ant-input-lg ant-input-outlined${status(invalid, 'ant-input')} ${ANTD_SCOPE} ant-input-css-var`,
  );
}
