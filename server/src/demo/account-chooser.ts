import { DEMO_ACCOUNTS } from '@ummahnotify/domain';
import { escapeHtml } from '../delivery/channels/email-render';

const FORWARDED = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
];

/** The demo issuer's sign-in page: pick a demo account (English and Tamil). */
export function renderAccountChooser(query: Record<string, string | undefined>): string {
  const hidden = FORWARDED.filter((k) => query[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(query[k] as string)}">`)
    .join('');
  const buttons = DEMO_ACCOUNTS.map(
    (a) =>
      `<button type="submit" name="account" value="${escapeHtml(a.email)}"><strong>${escapeHtml(a.givenName)} ${escapeHtml(a.familyName)}</strong><span>${escapeHtml(a.rights)} · ${escapeHtml(a.email)}</span></button>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo sign-in · UmmahNotify</title>
<style>body{font-family:system-ui,'Noto Sans Tamil',sans-serif;background:#f5f7f6;margin:0;padding:24px;color:#1f2d27}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:0 0 16px;color:#4a5a53}
button{display:flex;flex-direction:column;align-items:flex-start;width:100%;padding:12px 14px;margin:0 0 10px;border:1px solid #cfd8d3;border-radius:8px;background:#fff;font-size:1rem;cursor:pointer;text-align:left}
button:hover,button:focus{border-color:#1f7a4d;outline:2px solid #1f7a4d33}button span{font-size:.85rem;color:#5b6b64}</style></head>
<body><main><h1>Demo sign-in</h1><p>Choose a demo account. · ஒரு டெமோ கணக்கைத் தேர்ந்தெடுக்கவும்.</p>
<form method="post" action="authorize">${hidden}${buttons}</form></main></body></html>`;
}
