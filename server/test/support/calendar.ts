import assert from 'node:assert/strict';
import ICAL from 'ical.js';

/**
 * A calendar file's one event as a calendar library reads it (Mozilla's ical.js, not our writer): its UID, SEQUENCE,
 * STATUS, place and start. Fails when the file holds no VEVENT.
 */
export function calendarEvent(ics: string) {
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
  assert.ok(vevent, 'a VEVENT');
  const event = new ICAL.Event(vevent);
  return {
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    location: event.location,
    start: event.startDate.toJSDate(),
  };
}
