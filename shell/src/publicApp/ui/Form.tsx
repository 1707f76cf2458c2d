import type { CSSProperties, FormEvent, ReactNode } from 'react';
import { ANTD_SCOPE } from './antdScope';

const FORM = `ant-form ant-form-vertical ant-form-hide-required-mark ${ANTD_SCOPE} ant-form-css-var`;

/** antd's `<Form layout="vertical" requiredMark={false}>`: a <form> when it has a submit, else a <div>. */
export function Form({ onSubmit, children }: { onSubmit?: () => void; children: ReactNode }) {
  if (!onSubmit) return <div className={FORM}>{children}</div>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate className={FORM} onSubmit={submit}>
      {children}
    </form>
  );
}

/** antd's `<Form.Item>` in a vertical form: the label above, the field, and the error under it when there is one. */
export function FormItem({
  label,
  htmlFor,
  error,
  style,
  children,
}: {
  label?: string;
  htmlFor?: string;
  error?: string | null;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const state = error ? ' ant-form-item-with-help ant-form-item-has-error' : '';
  return (
    <div className={`ant-form-item ${ANTD_SCOPE} ant-form-css-var${state} ant-form-item-vertical`} style={style}>
      <div className={`ant-row ant-form-item-row ${ANTD_SCOPE}`}>
        {label && (
          <div className={`ant-col ant-form-item-label ${ANTD_SCOPE}`}>
            <label htmlFor={htmlFor} className="ant-form-item-required-mark-hidden" title={label}>
              {label}
            </label>
          </div>
        )}
        <div className={`ant-col ant-form-item-control ${ANTD_SCOPE}`}>
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{children}</div>
          </div>
          {error && (
            <div className="ant-form-item-additional">
              <div className={`ant-form-item-explain ${ANTD_SCOPE} ant-form-css-var ant-form-item-explain-connected`}>
                <div className="ant-form-item-explain-error">{error}</div>
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
