// The one place a script writes antd's class names: the state classes antd gives a checkbox, a radio button and a
// Segmented item, which the page's script sets as the visitor chooses (the rest of every look is antd's markup,
// drawn at build time). render.tsx keeps these classes' rules in the page's CSS.
const CHECKED = {
  checkbox: ['ant-checkbox-wrapper-checked', 'ant-checkbox-checked'],
  radio: ['ant-radio-wrapper-checked', 'ant-radio-checked'],
} as const;
const SELECTED = ['ant-segmented-item-selected', 'ant-segmented-item-selected-text'] as const;
const DISABLED = 'ant-segmented-item-disabled';

export const MARKED_CLASSES: readonly string[] = [...CHECKED.checkbox, ...CHECKED.radio, ...SELECTED, DISABLED];

/** A checkbox or radio input of antd's checked or not, as antd draws it (its label, then its box). */
export function markChecked(input: HTMLInputElement, checked: boolean): void {
  const [label, box] = CHECKED[input.type === 'radio' ? 'radio' : 'checkbox'];
  input.checked = checked;
  input.closest('label')?.classList.toggle(label, checked);
  input.parentElement?.classList.toggle(box, checked);
}

/** An item of antd's Segmented (its <label>) chosen, and whether it can be. */
export function markSegment(item: HTMLElement, selected: boolean, disabled: boolean): void {
  for (const name of SELECTED) item.classList.toggle(name, selected);
  item.classList.toggle(DISABLED, disabled);
  const input = item.querySelector('input');
  if (input) {
    input.checked = selected;
    input.disabled = disabled;
  }
}
