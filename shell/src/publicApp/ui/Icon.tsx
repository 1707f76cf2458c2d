import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactElement } from 'react';

/** React's spelling of the SVG attributes the icon set writes with a dash. */
const REACT_ATTRIBUTE: Record<string, string> = { 'fill-rule': 'fillRule', 'clip-rule': 'clipRule' };

function renderNode({ tag, attrs, children = [] }: AbstractNode, key?: number): ReactElement {
  const props = Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [REACT_ATTRIBUTE[name] ?? name, value]),
  );
  return createElement(tag, { key, ...props }, ...children.map(renderNode));
}

/** One icon of antd's set, drawn as @ant-design/icons draws it, from its definition alone (no icon library code). */
export function Icon({ definition, spin = false }: { definition: IconDefinition; spin?: boolean }) {
  const { icon, name } = definition;
  if (typeof icon === 'function') throw new Error(`Two-tone icons are not drawn here: ${name}`);
  const attrs = { ...icon.attrs, 'data-icon': name, width: '1em', height: '1em', fill: 'currentColor' };
  return (
    <span role="img" aria-label={name} className={`anticon anticon-${name}${spin ? ' anticon-spin' : ''}`}>
      {renderNode({ ...icon, attrs: { ...attrs, 'aria-hidden': 'true' } })}
    </span>
  );
}
