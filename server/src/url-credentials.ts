/**
 * The one redaction of credentials in URLs (S3_URL, REDIS_URL, DATABASE_URL, SMTP_URL, ...) for every
 * configuration error and log line. The WHATWG URL parser decides what the user, password and query
 * are; a value it cannot parse is not shown at all, since nothing then says where a secret would end.
 */

/** Query parameters that carry a credential in the URLs we are given (PostgreSQL's password, presigned S3 URLs, ...). */
const SECRET_PARAMETER = /pass|secret|token|key|sig|credential|auth/i;
const HIDDEN = '***';
export const URL_NOT_SHOWN = '[a URL that is not shown]';

/** The URL with its user, password and secret query parameters replaced by ***; undefined if it is not a URL. */
export function withoutCredentials(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.username) url.username = HIDDEN;
  if (url.password) url.password = HIDDEN;
  for (const name of new Set(url.searchParams.keys()))
    if (SECRET_PARAMETER.test(name)) url.searchParams.set(name, HIDDEN);
  return url.href;
}

/** Something that starts like a URL (scheme://...) up to the next blank or quote. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`]+/gi;

/** A message (an error's text, a log line) with every URL in it shown without its credentials. */
export function credentialsHidden(text: string): string {
  return text.replace(URL_IN_TEXT, (found) => withoutCredentials(found) ?? URL_NOT_SHOWN);
}
