import type { Locator } from '@playwright/test';

/**
 * Measures a box of the dashboard (a card, a form) in the browser, as a person on a phone would meet it
 *: what sticks out of it, what is cut, and which tap targets are too small.
 */
export interface BoxReport {
  /** Elements whose box runs past the box's left or right edge, by how many px. */
  outside: string[];
  /** Text that is cut: clipped wider than its element (an ellipsis, a hidden overflow), or a placeholder wider than its input. */
  cut: string[];
  /** Buttons and controls under `minTarget` px tall or wide. */
  small: string[];
}

/** The controls a finger taps: buttons, links, fields, pickers, checkbox, radio and switch choices (their whole label). */
const TARGETS = [
  'button',
  '[role="button"]',
  'a[href]',
  'textarea',
  'input:not([type="hidden"]):not([type="file"]):not([type="checkbox"]):not([type="radio"])',
  '.ant-select',
  '.ant-picker',
  '.ant-input-number',
  '.ant-input-affix-wrapper',
  '.ant-checkbox-wrapper',
  '.ant-radio-wrapper',
  '.un-toggle-row',
].join(',');
/** Inputs drawn inside a wrapper that is the target (measured instead). */
const WRAPPED = '.ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper';

export async function probeBox(box: Locator, minTarget: number): Promise<BoxReport> {
  return box.evaluate(
    (root, { minTarget, TARGETS, WRAPPED }) => {
      const name = (el: Element) => {
        const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim();
        return `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${text.slice(0, 60)}"`;
      };
      const shown = (el: Element) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
      };
      const outer = root.getBoundingClientRect();
      const outside: string[] = [];
      const cut: string[] = [];
      const small: string[] = [];
      const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;

      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (!shown(el)) continue;
        const r = el.getBoundingClientRect();
        const past = Math.max(outer.left - r.left, r.right - outer.right);
        // antd's grid rows reach into their gutter by design (negative margins); what they hold is measured.
        const gutter = el.matches('.ant-row, .ant-col');
        if (past > 0.5 && !gutter) outside.push(`${name(el)} ${past.toFixed(1)} px`);

        const style = getComputedStyle(el);
        const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        const isField = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
        if (own && clips && !isField && el.scrollWidth > el.clientWidth + 1) {
          cut.push(`${name(el)} ${el.scrollWidth} > ${el.clientWidth} px`);
        }
        // A textarea's placeholder wraps; an input's cannot.
        if (el instanceof HTMLInputElement && el.placeholder && !el.value) {
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const needed = canvas.measureText(el.placeholder).width;
          if (needed > room + 1) cut.push(`placeholder of ${name(el)} ${needed.toFixed(0)} > ${room.toFixed(0)} px`);
        }
      }

      for (const el of Array.from(root.querySelectorAll(TARGETS))) {
        if (!shown(el)) continue;
        if (el.matches('input, textarea') && el.closest(WRAPPED)) continue;
        // A target inside another target (antd's Upload wraps its button in a role=button span): the outer one.
        if (el.parentElement?.closest(TARGETS) && root.contains(el.parentElement.closest(TARGETS))) continue;
        const r = el.getBoundingClientRect();
        if (r.height < minTarget - 0.5 || r.width < minTarget - 0.5) {
          small.push(`${name(el)} ${r.width.toFixed(0)} x ${r.height.toFixed(0)} px`);
        }
      }
      return { outside, cut, small };
    },
    { minTarget, TARGETS, WRAPPED },
  );
}
