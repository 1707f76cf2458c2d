/** The janaza section's limits (docs/product/data.md, rules.md). */
export const NAME_MAX_LENGTH = 120;
export const AGE_MAX = 150;
export const NOTE_MAX_LENGTH = 2000;
export const ADDRESS_MAX_LENGTH = 300;
export const POSTAL_PATTERN = /^\d{6}$/;
/** The most notices one page of the list may ask for. */
export const JANAZA_LIST_MAX_LIMIT = 200;
