/** What a subscriber can hear about. */
export const TOPICS = ['janaza', 'events'] as const;
export type Topic = (typeof TOPICS)[number];
