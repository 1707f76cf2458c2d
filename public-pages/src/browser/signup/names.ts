/** The four ways to get notices, in the order the switch shows them. */
export const CHANNELS = ['webpush', 'email', 'telegram', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

export const OUTCOME_TYPES = ['success', 'error', 'info'] as const;
export type OutcomeType = (typeof OUTCOME_TYPES)[number];
