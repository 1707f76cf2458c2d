import { type BrowserTraits, needsHomeScreen, pushHere } from './homeScreen';

// User agents as the browsers send them (docs/product/screens.md#landing: the hint is for iOS Safari alone).
const UA = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  iPadSafari:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  // iPadOS's Safari asks for desktop pages: a Mac's user agent, told apart by its touch screen
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.156 Mobile/15E148 Safari/604.1',
  iPhoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/140.0 Mobile/15E148 Safari/605.1.15',
  iPhoneEdge:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/138.3351.83 Mobile/15E148 Safari/605.1.15',
  iPhoneGoogleApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/376.0.779692137 Mobile/15E148 Safari/604.1',
  iPhoneFacebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22F76 [FBAN/FBIOS;FBAV/520.0.0.38.101]',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
  desktopFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
};

/** A browser tab, not an app from the Home Screen, on a phone's touch screen unless said otherwise. */
const browser = (userAgent: string, traits: Partial<BrowserTraits> = {}): BrowserTraits => ({
  userAgent,
  maxTouchPoints: 5,
  standalone: /iPhone|iPad|Macintosh/.test(userAgent) ? false : undefined,
  displayStandalone: false,
  ...traits,
});

describe('the Home Screen hint is for iOS Safari outside the Home Screen app', () => {
  it.each([
    ['iPhone Safari', browser(UA.iPhoneSafari)],
    ['iPad Safari', browser(UA.iPadSafari)],
    ["iPadOS's Safari, which says it is a Mac", browser(UA.macSafari)],
  ])('%s: shown', (_name, traits) => {
    expect(needsHomeScreen(traits)).toBe(true);
  });

  it.each([
    ['the Home Screen app (navigator.standalone)', browser(UA.iPhoneSafari, { standalone: true })],
    ['the Home Screen app (display-mode: standalone)', browser(UA.iPhoneSafari, { displayStandalone: true })],
    ["a Mac's Safari (no touch screen)", browser(UA.macSafari, { maxTouchPoints: 0 })],
    ['Chrome on iPhone', browser(UA.iPhoneChrome)],
    ['Firefox on iPhone', browser(UA.iPhoneFirefox)],
    ['Edge on iPhone', browser(UA.iPhoneEdge)],
    ['the Google app on iPhone', browser(UA.iPhoneGoogleApp)],
    ["Facebook's web view on iPhone", browser(UA.iPhoneFacebook)],
    ['Chrome on Android', browser(UA.androidChrome)],
    ['Firefox on a desktop', browser(UA.desktopFirefox, { maxTouchPoints: 0 })],
  ])('%s: not shown', (_name, traits) => {
    expect(needsHomeScreen(traits)).toBe(false);
  });
});

describe('web push here', () => {
  it('is ready wherever the Push API is, the Home Screen app on an iPhone too', () => {
    expect(pushHere(browser(UA.iPhoneSafari, { standalone: true }), true)).toBe('ready');
    expect(pushHere(browser(UA.androidChrome), true)).toBe('ready');
  });

  it("is the Home Screen's in iOS Safari, which has no Push API of its own", () => {
    expect(pushHere(browser(UA.iPhoneSafari), false)).toBe('home-screen');
    expect(pushHere(browser(UA.macSafari), false)).toBe('home-screen');
  });

  it('is none in any other browser without the Push API, and in a Home Screen app without it (before iOS 16.4)', () => {
    expect(pushHere(browser(UA.desktopFirefox, { maxTouchPoints: 0 }), false)).toBe('none');
    expect(pushHere(browser(UA.iPhoneChrome), false)).toBe('none');
    expect(pushHere(browser(UA.iPhoneSafari, { standalone: true }), false)).toBe('none');
  });
});
