/**
 * The demo banner as the build writes it at the top of every frame (PageFrame.tsx): hidden, for the page's script to
 * show when /app-config.json says the server is in demo mode. A server in demo mode sends its pages with the banner
 * shown (showDemoBanner), so it is drawn with the page: shown later by the script, it pushed the whole page down (a
 * layout shift of 60 to 80 px on a phone).
 */
export const DEMO_BANNER_HIDDEN = '<div data-demo="true" hidden="">';
const DEMO_BANNER_SHOWN = '<div data-demo="true">';

/** The page with every frame's demo banner shown. */
export function showDemoBanner(page: string): string {
  return page.split(DEMO_BANNER_HIDDEN).join(DEMO_BANNER_SHOWN);
}
