import { MOBILE_BREAKPOINT_PX } from '@ummahnotify/core';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True under 768 px (docs/product/rules.md#constants-and-timings): the menu collapses and tables become cards. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
