import { LINK_TOKEN_PATTERN } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';
import { callApi, marked, startPage } from './page';

type TokenState = 'working' | 'done' | 'invalid' | 'gone' | 'failed';

/** The server's answers that mean the link's token is unknown, used or expired (a fault is anything else). */
const GONE = [400, 404, 409, 410];

/** Puts the outcome's template (pages/TokenPage.tsx) in each language frame's slot. */
function showState(state: TokenState): void {
  for (const slot of marked('slot')) {
    const template = slot.parentElement?.querySelector<HTMLTemplateElement>(`template[data-state="${state}"]`);
    if (template) slot.replaceChildren(template.content.cloneNode(true));
  }
}

/**
 * POSTs the link's ?token= (never on GET, so a mail scanner fetching the link without running scripts changes
 * nothing). The token's form is checked here first, so a 400 (or 404, 409, 410) means it is unknown, used or expired.
 */
async function send(config: AppConfig): Promise<void> {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  if (!LINK_TOKEN_PATTERN.test(token)) return showState('invalid');
  showState('working');
  const status = await callApi(config, document.querySelector<HTMLElement>('[data-page]')?.dataset.action ?? '', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  }).then(
    (response) => response.status,
    () => 0,
  );
  showState(status >= 200 && status < 300 ? 'done' : GONE.includes(status) ? 'gone' : 'failed');
}

/** /subscribe/confirm and /unsubscribe: the action of the link (the page's `data-action`) once the page has loaded. */
startPage((config) => {
  // Try again, whichever frame's outcome put it there.
  document.querySelector('[data-page]')?.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('[data-retry]')) void send(config);
  });
  void send(config);
});
