// No zod here: the light public app's sign-up form reads these.

/** What a subscriber can hear about. */
export const TOPICS = ['janaza', 'events'] as const;
export type Topic = (typeof TOPICS)[number];
