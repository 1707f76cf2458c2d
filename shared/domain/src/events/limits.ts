/** Lengths of the event fields, and the most events one page of the list may ask for. */
export const EVENT_LIMITS = {
  heading: 200,
  subHeading: 300,
  content: 5000,
  address: 500,
  link: 2000,
  list: 100,
} as const;
