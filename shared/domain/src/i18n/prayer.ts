import { defineCatalogue } from './catalogue';

/**
 * The prayers a janaza prayer follows, and how a prayer-tied time and a place read: the same words in
 * the admin lists, the public feed, the .ics file and every message (shared/domain/src/notice-text.ts).
 */
export const prayer = defineCatalogue(
  {
    'name.subuh': 'Subuh',
    'name.zohor': 'Zohor',
    'name.asar': 'Asar',
    'name.maghrib': 'Maghrib',
    'name.isyak': 'Isyak',
    /** A choice in the janaza form. */
    option: 'After {{prayer}}',
    /** e.g. "Wednesday, 25 November 2026, after Asar (about 4:08 pm)" */
    when: '{{date}}, after {{prayer}} (about {{time}})',
    /** Without the date (a list column that shows the date above it). */
    afterAbout: 'after {{prayer}} (about {{time}})',
    singapore: 'Singapore {{postal}}',
    /** A link that says where it goes, read alone as well (a list of a page's links): no "Map" by itself. */
    map: 'Map of Singapore {{postal}}',
    icsSummary: 'Janaza prayer: {{name}}',
  },
  {
    'name.subuh': 'சுபுஹ்',
    'name.zohor': 'ளுஹர்',
    'name.asar': 'அஸர்',
    'name.maghrib': 'மஃரிப்',
    'name.isyak': 'இஷா',
    option: '{{prayer}} தொழுகைக்குப் பின்',
    when: '{{date}}, {{prayer}} தொழுகைக்குப் பின் (ஏறக்குறைய {{time}})',
    afterAbout: '{{prayer}} தொழுகைக்குப் பின் (ஏறக்குறைய {{time}})',
    singapore: 'சிங்கப்பூர் {{postal}}',
    map: 'சிங்கப்பூர் {{postal}} வரைபடம்',
    icsSummary: 'ஜனாஸா தொழுகை: {{name}}',
  },
);
