/// <reference types="@testing-library/jest-dom" />
import { LANGUAGE_STORAGE_KEY } from '@ummahnotify/client/public-app';
import { API_PATHS, type StaticPageEntry } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';
import { STATIC_PAGES } from '../src/pages';
import { renderPage } from '../src/render';

/** A fake server's answer to "METHOD /path": a status (0: the network failed) and a JSON body. */
export type Answer = { status: number; body?: unknown };
/** An answer, or how to make it when the call comes (it may wait). */
export type Route = Answer | (() => Answer | Promise<Answer>);

export interface OpenedPage {
  /** The calls the page's script made, as "METHOD url", and their JSON bodies. */
  calls: string[];
  bodies: unknown[];
  /** The calls whose answer the page has read (its JSON body), in order. */
  answered: string[];
}

const pages = new Map<StaticPageEntry, string>();

/**
 * Opens a static page as a browser would: the HTML the build writes (render.tsx) as the document at `url`, then the
 * page's script (src/browser/) run against it, with `fetch` answered from `answers` (an unknown call: 404).
 */
export async function openPage(
  entry: StaticPageEntry,
  url: string,
  answers: Record<string, Route> = {},
  {
    config = {},
    language,
    served = (html) => html,
  }: {
    config?: Partial<AppConfig>;
    language?: 'en' | 'ta';
    /** What the server does to the built page before sending it (the landing page's feed). */
    served?: (html: string) => string;
  } = {},
): Promise<OpenedPage> {
  const page = STATIC_PAGES[entry];
  if (!pages.has(entry)) pages.set(entry, await renderPage(page, `/public-pages/${page.script}.js`, ''));
  localStorage.clear();
  if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  window.history.pushState({}, '', url);
  document.open();
  document.write(served(pages.get(entry) ?? ''));
  document.close();

  const opened: OpenedPage = { calls: [], bodies: [], answered: [] };
  const all: Record<string, Route> = {
    [`GET ${API_PATHS.appConfig}`]: { status: 200, body: config },
    ...answers,
  };
  window.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (!key.endsWith(API_PATHS.appConfig)) {
      opened.calls.push(key);
      if (init?.body) opened.bodies.push(JSON.parse(String(init.body)));
    }
    const route = all[key] ?? { status: 404, body: { code: 404, message: 'Not found' } };
    const answer = typeof route === 'function' ? await route() : route;
    if (answer.status === 0) throw new TypeError('Failed to fetch');
    const ok = answer.status >= 200 && answer.status < 300;
    const json = async () => {
      opened.answered.push(key);
      return answer.body ?? {};
    };
    return { ok, status: answer.status, json } as Response;
  }) as typeof fetch;
  jest.isolateModules(() => {
    require(`../src/browser/${page.script}`);
  });
  return opened;
}

/** The frame of a language (the page holds one per language). */
export function frame(language: 'en' | 'ta'): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-lang="${language}"]`);
  if (!element) throw new Error(`the page has no ${language} frame`);
  return element;
}
