import type { CSSProperties } from 'react';

/**
 * antd buttons keep one line; long labels (Tamil especially) must wrap inside a 390 px phone instead. At least as
 * tall as antd's button: 32 px, 40 px on a phone (the touch target of phone.css).
 */
export const WRAPPING_BUTTON: CSSProperties = {
  whiteSpace: 'normal',
  height: 'auto',
  minHeight: 'var(--un-touch-target, 32px)',
  maxWidth: '100%',
};

/** A confirmation bubble (antd Popconfirm) whose explanation wraps inside a phone's width instead of one long line. */
export const CONFIRM_STYLES = { root: { maxWidth: 320 } } as const;
