/** Business constants and timings of docs/product/rules.md#constants-and-timings, in one place for the server and every remote. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const MOBILE_BREAKPOINT_PX = 768;
export const POSTAL_CODE_DIGITS = 6;

export const COPY_FEEDBACK_MS = 2_000;
export const EVENT_FORM_CLOSE_MS = 1_000;
export const FORM_APPEAR_AFTER_PASTE_MS = 1_000;
export const FORBIDDEN_REDIRECT_MS = 2_000;
export const ROW_ANIMATION_DELAY_S = 0.05;

export const TOAST_MAX_COUNT = 20;
export const TOAST_SUCCESS_S = 2;
export const TOAST_ERROR_S = 4;

export const OCR_LANGUAGE = 'eng';
export const QUERY_GC_TIME_MS = 60_000;

/** Upload limits for images (janaza photos, event posters). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
