import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { LANGUAGES, webAppHeadTags } from '@ummahnotify/core';
import { App, ConfigProvider } from 'antd';
import { PurgeCSS } from 'purgecss';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MARKED_CLASSES } from './browser/antdState';
import { PageFrame } from './PageFrame';
import type { StaticPage } from './pages';
import { textsOf } from './texts';
import { PAGE_THEME } from './theme';

/** The frame of the language `<html lang>` names is shown; the page's script sets it before the body is drawn. */
const LANGUAGE_CSS = `${LANGUAGES.map((l) => `html:not([lang="${l}"]) [data-lang="${l}"]`).join(',\n')} { display: none; }`;

/** A part in one of its looks (landing/Parts.tsx) takes no box of its own: its look is laid out as if in its place. */
const PARTS_CSS = '[data-part] { display: contents; }';

/** The CSS variables `text` reads (`var(--name)`). */
function variablesRead(text: string): Set<string> {
  return new Set([...text.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]));
}

/** What the page tells its script (`data-<key>` on the `[data-page]` element). */
function dataAttributes(data: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [`data-${key}`, value]));
}

/**
 * One signed-out page as static HTML: antd's own markup in every language (renderToString) and the CSS antd writes
 * for it (extracted as antd's server rendering does, only the rules its markup can match), inlined; the page's
 * script in the head. `globalCss` (the client's global.css) comes after antd's rules, as in the dashboard: its phone
 * padding of results wins.
 */
export async function renderPage(page: StaticPage, scriptUrl: string, globalCss: string): Promise<string> {
  const cache = createCache();
  const themed = (node: ReactNode) =>
    renderToString(
      <StyleProvider cache={cache}>
        <ConfigProvider theme={PAGE_THEME}>{node}</ConfigProvider>
      </StyleProvider>,
    );
  const body = themed(
    <App>
      <div data-page {...dataAttributes(page.data)}>
        {LANGUAGES.map((language) => {
          const t = textsOf(language);
          return (
            <PageFrame key={language} language={language} t={t} wide={page.wide}>
              {page.body(t, language)}
            </PageFrame>
          );
        })}
      </div>
    </App>,
  );
  const { styleOnly } = page;
  // Not in the page, but drawn with its CSS: what the server adds to it (its classes are in `styled`).
  const styled = styleOnly ? LANGUAGES.map((l) => themed(styleOnly(textsOf(l), l))).join('') : '';
  // Only the rules and theme variables the page can use (antd's theme alone declares 700 variables on every part).
  // PurgeCSS sees antd's rules: the variables read by the markup's inline styles and by global.css are kept by name.
  const [{ css }] = await new PurgeCSS().purge({
    content: [{ raw: `<html><body>${body}${styled}</body></html>`, extension: 'html' }],
    css: [{ raw: extractStyle(cache, { plain: true }) }],
    // Classes the browser adds to antd's markup: antd's App, and those a script marks a state with.
    safelist: {
      standard: [/^ant-app$/, ...MARKED_CLASSES],
      variables: [...variablesRead(body + styled + globalCss)],
    },
    variables: true,
  });
  const undeclared = [...variablesRead(body + styled + css + globalCss)].filter((v) => !css.includes(`${v}:`));
  if (undeclared.length) throw new Error(`public-pages: the page reads undeclared CSS variables: ${undeclared}`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="UmmahNotify: janaza notices and community events, in English and Tamil." />
    ${webAppHeadTags()}
    <title>UmmahNotify</title>
    <style>
${css}
${globalCss}
${LANGUAGE_CSS}
${PARTS_CSS}
${page.css ?? ''}
    </style>
    <script src="${scriptUrl}"></script>
  </head>
  <body>${body}</body>
</html>
`;
}
