import { useId } from 'react';
import { ANTD_SCOPE } from './antdScope';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
}

/** antd's `<Checkbox.Group>` inside a Form.Item: any number of the options. */
export function CheckboxGroup<T extends string>({
  value,
  options,
  onChange,
}: {
  value: readonly T[];
  options: ChoiceOption<T>[];
  onChange: (value: T[]) => void;
}) {
  const toggle = (option: T) =>
    onChange(
      value.includes(option)
        ? value.filter((v) => v !== option)
        : options.map((o) => o.value).filter((v) => v === option || value.includes(v)),
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: antd's markup, which its CSS draws (a fieldset has its own look)
    <div className={`ant-checkbox-group ${ANTD_SCOPE} ant-checkbox-css-var`} role="group">
      {options.map((option) => {
        const checked = value.includes(option.value);
        const on = checked ? ' ant-checkbox-wrapper-checked' : '';
        return (
          <label
            key={option.value}
            className={`ant-checkbox-wrapper${on} ant-checkbox-wrapper-in-form-item ant-checkbox-group-item ${ANTD_SCOPE} ant-checkbox-css-var`}
          >
            <span className={`ant-checkbox ant-wave-target${checked ? ' ant-checkbox-checked' : ''}`}>
              <input
                className="ant-checkbox-input"
                type="checkbox"
                checked={checked}
                value={option.value}
                onChange={() => toggle(option.value)}
              />
            </span>
            <span className="ant-checkbox-label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}

/** antd's `<Radio.Group>` inside a Form.Item: one of the options. */
export function RadioGroup<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: ChoiceOption<T>[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" className={`ant-radio-group ant-radio-group-outline ${ANTD_SCOPE} ant-radio-css-var`}>
      {options.map((option) => {
        const checked = option.value === value;
        const on = checked ? ' ant-radio-wrapper-checked' : '';
        return (
          <label
            key={option.value}
            className={`ant-radio-wrapper${on} ant-radio-wrapper-in-form-item ${ANTD_SCOPE} ant-radio-css-var`}
          >
            <span className={`ant-radio ant-wave-target${checked ? ' ant-radio-checked' : ''}`}>
              <input
                className="ant-radio-input"
                type="radio"
                name={name}
                checked={checked}
                value={option.value}
                onChange={() => onChange(option.value)}
              />
            </span>
            <span className="ant-radio-label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
