import './rowAnimation.css';
import { ROW_ANIMATION_DELAY_S } from '@ummahnotify/core';
import type { CSSProperties } from 'react';

/** Class and style that make row `index` animate in 0.05 s after the one before it (docs/product/screens.md, rules.md#constants-and-timings). */
export function rowAnimation(index: number): { className: string; style: CSSProperties } {
  return { className: 'um-row-in', style: { animationDelay: `${(index * ROW_ANIMATION_DELAY_S).toFixed(2)}s` } };
}
