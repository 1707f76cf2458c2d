import { isControlCharacter } from '@ummahnotify/domain';

/**
 * One VEVENT as an iCalendar file (RFC 5545): CRLF line ends, lines folded at 75 octets, TEXT values
 * escaped, times in UTC.
 */
export interface CalendarEvent {
  uid: string;
  start: string;
  /** ISO 8601 duration, e.g. PT1H */
  duration: string;
  summary: string;
  location: string;
  description: string;
  url: string;
  /**
   * How many times it changed since it was written (RFC 5545 §3.8.7.4, 0 when never): a calendar that imported the
   * file takes one with a higher SEQUENCE and the same UID in place of it.
   */
  sequence?: number;
  /** A withdrawn notice: STATUS:CANCELLED, which such a calendar takes as its cancellation (§3.8.1.11). */
  cancelled?: boolean;
}

/**
 * TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as \n. Other control
 * characters are not allowed in TEXT (only HTAB is), so they are left out: a name or note stored with one
 * cannot end the line early or hide a property of its own.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .split('')
    .filter((c) => c === '\t' || !isControlCharacter(c))
    .join('');
}

/**
 * A URI value (RFC 5545 §3.3.13) with any control character percent-encoded: links are refused with
 * them at input, and one stored before that still cannot break the line into a property of its own.
 */
export function uriValue(value: string): string {
  return [...value].map((c) => (isControlCharacter(c) ? encodeURIComponent(c) : c)).join('');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with one space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 2026-11-22T03:04:05.678Z -> 20261122T030405Z */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export function calendarFile(event: CalendarEvent, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//UmmahNotify//Public feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(new Date(event.start))}`,
    `DURATION:${event.duration}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${uriValue(event.url)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    ...(event.cancelled ? ['STATUS:CANCELLED'] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
