import { defineCatalogue } from './catalogue';

/** Public sign-up on the landing page, its confirm and unsubscribe pages, and the public feed. */
export const signup = defineCatalogue(
  {
    title: 'Get notices',
  },
  {
    title: 'அறிவிப்புகளைப் பெறுக',
  },
);
