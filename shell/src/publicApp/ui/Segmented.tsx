import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { ANTD_SCOPE } from './antdScope';

export interface SegmentedOption<T extends string> {
  value: T;
  /** A text label is also the item's title, as antd gives it. */
  label: ReactNode;
  disabled?: boolean;
}

const STEP: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** The next option an arrow key reaches, past the disabled ones. */
function stepTo<T extends string>(options: SegmentedOption<T>[], value: T, step: number): T {
  const count = options.length;
  let index = options.findIndex((option) => option.value === value);
  for (let tries = 0; tries < count; tries++) {
    index = (index + step + count) % count;
    if (!options[index].disabled) return options[index].value;
  }
  return value;
}

/**
 * antd's `<Segmented>`: one choice of a few, small (the language switch) or spanning the width (`block`), laid out
 * across or `vertical`; the arrow keys move as antd's do.
 */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  small = false,
  block = false,
  vertical = false,
}: {
  label: string;
  value: T;
  options: SegmentedOption<T>[];
  onChange: (value: T) => void;
  small?: boolean;
  block?: boolean;
  vertical?: boolean;
}) {
  const name = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    onChange(stepTo(options, value, step));
  };
  // antd writes the vertical class twice; the same string keeps the markup its twin.
  const classes = [
    'ant-segmented',
    ...(vertical ? ['ant-segmented-vertical'] : []),
    ...(small ? ['ant-segmented-sm'] : []),
    ...(block ? ['ant-segmented-block'] : []),
    ...(vertical ? ['ant-segmented-vertical'] : []),
    ANTD_SCOPE,
  ];
  return (
    <div
      role="radiogroup"
      aria-label={label}
      tabIndex={0}
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      className={classes.join(' ')}
      onKeyDown={onKeyDown}
    >
      <div className="ant-segmented-group">
        {options.map((option) => {
          const selected = option.value === value;
          const state = selected
            ? ' ant-segmented-item-selected ant-segmented-item-selected-text'
            : option.disabled
              ? ' ant-segmented-item-disabled'
              : '';
          return (
            <label key={option.value} className={`ant-segmented-item${state}`}>
              <input
                className="ant-segmented-item-input"
                type="radio"
                name={name}
                checked={selected}
                disabled={option.disabled || undefined}
                onChange={() => onChange(option.value)}
              />
              <div
                className="ant-segmented-item-label"
                title={typeof option.label === 'string' ? option.label : undefined}
              >
                {option.label}
              </div>
            </label>
          );
        })}
      </div>
    </div>
  );
}
