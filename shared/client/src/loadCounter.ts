declare global {
  /** How many copies of @ummahnotify/client were evaluated on this page: the e2e suite expects 1. */
  var __UMMAHNOTIFY_SHARED_CLIENT_LOADS__: number | undefined;
}

globalThis.__UMMAHNOTIFY_SHARED_CLIENT_LOADS__ = (globalThis.__UMMAHNOTIFY_SHARED_CLIENT_LOADS__ ?? 0) + 1;

export {};
