import { FORBIDDEN_REDIRECT_MS } from '@ummahnotify/core';
import { marked, startPage } from './page';

/** docs/product/screens.md#403-page: goes back in history after 2 s, or at once with Go back. */
startPage(() => {
  for (const button of marked('go-back')) button.addEventListener('click', () => window.history.back());
  setTimeout(() => window.history.back(), FORBIDDEN_REDIRECT_MS);
});
