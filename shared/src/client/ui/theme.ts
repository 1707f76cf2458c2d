import type { ThemeConfig } from 'antd';

/** Latin from the platform's UI font; Tamil glyphs fall through to the bundled Noto Sans Tamil. */
export const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Tamil', 'Noto Sans', sans-serif";

export const theme: ThemeConfig = {
  token: {
    fontFamily: FONT_STACK,
    colorPrimary: '#1f7a4d',
    // antd derives these too dark and grey from this green; selected menu items and hovers use them.
    colorPrimaryBg: '#e6f2ea',
    colorPrimaryBgHover: '#cfe6d8',
    controlItemBgActive: '#e6f2ea',
    controlItemBgActiveHover: '#d8ece0',
    borderRadius: 8,
  },
};
