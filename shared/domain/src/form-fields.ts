/**
 * How the shared schemas read form fields. Multipart forms and query strings carry every value as
 * text; JSON carries it typed. These readers run before a schema checks the value (z.preprocess).
 */

/** Text trimmed; anything else as it is. */
export const trimText = (v: unknown): unknown => (typeof v === 'string' ? v.trim() : v);

/** A blank field means "not given": '' (after trimming) or null reads as undefined; text comes trimmed. */
export function blankToUndefined(v: unknown): unknown {
  const t = trimText(v);
  return t === '' || t === null ? undefined : t;
}

const TRUE = new Set(['true', 'on', '1', 'yes']);
const FALSE = new Set(['false', 'off', '0', 'no']);

/**
 * A yes/no field: true/on/1/yes and false/off/0/no (any case), as text or as 1/0; a blank field is
 * "not given". Anything else is left for the schema to refuse.
 */
export function formBoolean(v: unknown): unknown {
  if (v === 1 || v === 0) return v === 1;
  const t = blankToUndefined(v);
  if (typeof t !== 'string') return t;
  const s = t.toLowerCase();
  return TRUE.has(s) ? true : FALSE.has(s) ? false : t;
}
