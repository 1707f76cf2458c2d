import { type KeyboardEvent, useId } from 'react';
import { ANTD_SCOPE } from './antdScope';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

const STEP: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** antd's `<Segmented size="small">`: one choice of a few, with the arrow keys as antd's. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: SegmentedOption<T>[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    const index = options.findIndex((option) => option.value === value);
    onChange(options[(index + step + options.length) % options.length].value);
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      tabIndex={0}
      aria-orientation="horizontal"
      className={`ant-segmented ant-segmented-sm ${ANTD_SCOPE}`}
      onKeyDown={onKeyDown}
    >
      <div className="ant-segmented-group">
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <label
              key={option.value}
              className={
                selected
                  ? 'ant-segmented-item ant-segmented-item-selected ant-segmented-item-selected-text'
                  : 'ant-segmented-item'
              }
            >
              <input
                className="ant-segmented-item-input"
                type="radio"
                name={name}
                checked={selected}
                onChange={() => onChange(option.value)}
              />
              <div className="ant-segmented-item-label" title={option.label}>
                {option.label}
              </div>
            </label>
          );
        })}
      </div>
    </div>
  );
}
