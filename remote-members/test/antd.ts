import { fireEvent } from '@testing-library/react';

/** Opens an antd Select and clicks the option with this label. */
export function chooseOption(combobox: HTMLElement, label: string): void {
  fireEvent.mouseDown(combobox);
  const options = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
  const option = options.filter((o) => o.getAttribute('title') === label || o.textContent === label).at(-1);
  if (!option) throw new Error(`no option "${label}" among ${options.map((o) => o.textContent).join(', ')}`);
  fireEvent.click(option);
}
