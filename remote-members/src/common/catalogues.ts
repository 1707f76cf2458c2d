import { registerOwnCatalogues } from '@ummahnotify/client';

// This remote's texts are its own build's: those changed since the shell was built are loaded from here.
export const OWN_TEXTS = registerOwnCatalogues(__UN_CATALOGUES__, {
  members: () => import('@ummahnotify/domain/catalogues/members'),
  committee: () => import('@ummahnotify/domain/catalogues/committee'),
});
