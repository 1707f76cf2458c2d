// What every static page's script does. It runs in the page's <head> (a classic script, before the body is
// parsed), so the document's language is set before anything is drawn: the page holds a frame per language and
// shows the one `<html lang>` names (render.tsx). The rest waits for the body.
import { loadAppConfig, readStoredLanguage, rememberLanguage } from '@ummahnotify/client/public-app';
import { LANGUAGES, type Language, REQUEST_TIMEOUT_MS } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';

/** Every element of the page marked `data-<name>` (one per language frame). */
export function marked(name: string, value?: string): HTMLElement[] {
  const selector = value === undefined ? `[data-${name}]` : `[data-${name}="${value}"]`;
  return [...document.querySelectorAll<HTMLElement>(selector)];
}

/** A full page load (the dashboard is the shell's page, not this one's). */
export function navigate(path: string): void {
  window.location.replace(path);
}

export function show(elements: HTMLElement[], shown = true): void {
  for (const element of elements) element.hidden = !shown;
}

/** Where an API path is, with the server's `apiUrl` (same origin when empty). */
function apiAddress(config: AppConfig, path: string): string {
  return `${config.apiUrl.replace(/\/+$/, '')}${path}`;
}

/** An API call as the dashboard's client makes it: cookies sent, 10 s at most. Resolves with the response. */
export function callApi(config: AppConfig, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(apiAddress(config, path), {
    credentials: 'include',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    ...init,
  });
}

/**
 * The language switch (antd's Segmented, one per frame, each showing its own language chosen): a click on the
 * other language or an arrow key shows the other frame, remembered for the next visit as the dashboard's switch
 * does; the focus moves to the switch of the frame now shown.
 */
function wireLanguageSwitch(): void {
  for (const group of document.querySelectorAll<HTMLElement>('[data-language-switch] [role="radiogroup"]')) {
    const choose = (index: number) => {
      const language = LANGUAGES[(index + LANGUAGES.length) % LANGUAGES.length];
      if (language === document.documentElement.lang) return;
      rememberLanguage(language);
      document
        .querySelector<HTMLElement>(`[data-lang="${language}"] [data-language-switch] [role="radiogroup"]`)
        ?.focus();
    };
    for (const [index, item] of [...group.querySelectorAll('label')].entries())
      item.addEventListener('click', (event) => {
        event.preventDefault();
        choose(index);
      });
    const current = () => LANGUAGES.indexOf(group.closest<HTMLElement>('[data-lang]')?.dataset.lang as never);
    group.addEventListener('keydown', (event) => {
      const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
      if (!step) return;
      event.preventDefault();
      choose(current() + step);
    });
  }
}

/**
 * The faces of the Tamil web font (global.css) the frame shown draws with, asked for as the page starts: the
 * regular one, which every frame needs (the language switch says தமிழ்), and the bold one of the Tamil frame's
 * headings. The browser asks for a face only once the body is parsed and laid out; Tamil drawn before it came was
 * drawn again when it did, in other widths, and a line more or less moved the page (a layout shift).
 */
function loadTamilFont(language: Language): void {
  for (const weight of language === 'ta' ? [400, 600] : [400])
    document.fonts?.load(`${weight} 1em "Noto Sans Tamil"`, 'தமிழ்').catch(() => {
      // No font: the text is drawn with the system's, as it would be anyway.
    });
}

/**
 * Starts a page: its language and its Tamil font now, then, once the body is there, the language switch, the server's settings
 * (/app-config.json: the demo banner, where the API is) and the page's own work.
 */
export function startPage(work: (config: AppConfig) => void): void {
  const language = readStoredLanguage();
  rememberLanguage(language);
  loadTamilFont(language);
  const start = async () => {
    wireLanguageSwitch();
    const config = await loadAppConfig();
    show(marked('demo'), config.demo);
    for (const image of marked('api-src') as HTMLImageElement[])
      image.src = apiAddress(config, image.getAttribute('src') ?? '');
    for (const link of marked('api-link'))
      link.setAttribute('href', apiAddress(config, link.getAttribute('href') ?? ''));
    work(config);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start());
  else void start();
}
