import { BRAND_COLOR } from '@ummahnotify/core';
import type { ThemeConfig } from 'antd';

/** Latin from the platform's UI font; Tamil glyphs fall through to the bundled Noto Sans Tamil. */
export const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Tamil', 'Noto Sans', sans-serif";

export const theme: ThemeConfig = {
  token: {
    fontFamily: FONT_STACK,
    // the web app's colour too: its icons and the browser bar (shared/core/src/webApp.ts)
    colorPrimary: BRAND_COLOR,
    // antd derives these too dark and grey from this green; selected menu items and hovers use them.
    colorPrimaryBg: '#e6f2ea',
    colorPrimaryBgHover: '#cfe6d8',
    controlItemBgActive: '#e6f2ea',
    controlItemBgActiveHover: '#d8ece0',
    borderRadius: 8,
    // Text at least 4.5:1 on white and on the light fills (WCAG AA; axe-core checks every screen):
    // antd's defaults for secondary text, links, success and error colours are lighter than that.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorLink: '#0958d9',
    colorSuccess: '#237804',
    colorError: '#cf1322',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // The bases of the light tags (Masjid, Superadmin, Correction): their text shade becomes darker.
    green: '#237804',
    orange: '#ad4e00',
  },
};

/** The smallest tap target on a phone: 40 px, antd's own large control height. */
export const TOUCH_TARGET_PX = 40;
const TOUCH_SIZED = { controlHeight: TOUCH_TARGET_PX, controlHeightSM: TOUCH_TARGET_PX };

/**
 * The theme under 768 px: buttons (small ones too), inputs and pickers TOUCH_TARGET_PX tall, in one place
 * rather than a size on each control; wide screens keep the compact desktop sizes. Only the picker's input
 * grows (its controlHeightSM sizes the calendar's day cells).
 */
export const phoneTheme: ThemeConfig = {
  ...theme,
  components: {
    Button: TOUCH_SIZED,
    Input: TOUCH_SIZED,
    InputNumber: TOUCH_SIZED,
    Select: TOUCH_SIZED,
    DatePicker: { controlHeight: TOUCH_TARGET_PX },
    // A dialog's close button (its modalCloseBtnSize is the control height).
    Modal: { controlHeight: TOUCH_TARGET_PX },
  },
};
