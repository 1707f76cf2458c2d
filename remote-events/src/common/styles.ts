import type { CSSProperties } from 'react';

/** antd buttons keep one line; long labels (Tamil especially) must wrap inside a 390 px phone instead. */
export const WRAPPING_BUTTON: CSSProperties = { whiteSpace: 'normal', height: 'auto', minHeight: 32, maxWidth: '100%' };
