import { registerOwnCatalogues } from '@ummahnotify/shared/client';

// This remote's texts are its own build's: those changed since the shell was built are loaded from here.
export const OWN_TEXTS = registerOwnCatalogues(__UN_CATALOGUES__, {
  members: () => import('@ummahnotify/shared/catalogues/members'),
  committee: () => import('@ummahnotify/shared/catalogues/committee'),
});
