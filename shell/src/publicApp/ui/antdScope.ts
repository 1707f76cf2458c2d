/**
 * The class antd's CSS variables hang on. The light public app draws antd's look without antd: its parts carry
 * antd's class names, and the build extracts antd's own CSS for them (scripts/public-app-css.tsx) under this key.
 */
export const ANTD_SCOPE = 'un-antd';
