import { expect, type Page, test } from '@playwright/test';
import { SUPERADMIN_EMAIL, SUPPORT_WHATSAPP } from '../support/env';
import { expectLandingPage, person, signIn } from '../support/fixtures';

const sidebarLinks = (page: Page) => page.getByRole('navigation').getByRole('link');

/**
 * Opens a dashboard page the guard will send on to /thanks as it loads. That second navigation may come before
 * Playwright sees the first one commit, and then interrupts it: the guard doing its job, not a failure.
 */
async function goToGuarded(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' }).catch((error: Error) => {
    if (!error.message.includes('is interrupted by another navigation')) throw error;
  });
}

test.describe('sign-in and what each kind of account sees', () => {
  test('a superadmin (from SUPERADMIN_EMAILS) sees all five sections, in order, and their name, email and role', async ({
    page,
  }) => {
    await signIn(page, { email: SUPERADMIN_EMAIL, givenName: 'Aisha', familyName: 'Rahman' });
    await expect(page).toHaveURL(/\/dashboard\/summary/);
    await expect(sidebarLinks(page)).toHaveText([
      'Summary',
      'Committee Members',
      'Members',
      'Janaza Notifications',
      'Events',
    ]);
    const header = page.locator('header');
    await expect(header).toContainText('Aisha');
    await expect(header).toContainText(SUPERADMIN_EMAIL);
    await expect(header).toContainText('Superadmin');
    for (const [href, path] of [
      ['/dashboard/summary', /summary/],
      ['/dashboard/committee-members', /committee-members/],
      ['/dashboard/members', /dashboard\/members/],
      ['/dashboard/janaza-notifications', /janaza-notifications/],
      ['/dashboard/events', /events/],
    ] as const) {
      expect(await page.locator(`nav a[href^="${href}"]`).count()).toBe(1);
      await page.locator(`nav a[href^="${href}"]`).click();
      await expect(page).toHaveURL(path);
    }
  });

  for (const rights of ['admin', 'editor'] as const) {
    test(`an ${rights} sees only Janaza Notifications and Events, and is sent to / from superadmin sections`, async ({
      page,
    }) => {
      await signIn(page, person(rights, 'Farid'));
      await expect(page).toHaveURL(/\/dashboard\/janaza-notifications/);
      await expect(sidebarLinks(page)).toHaveText(['Janaza Notifications', 'Events']);
      await expect(page.locator('header')).toContainText(rights === 'admin' ? 'Admin' : 'Editor');
      await page.goto('/dashboard/summary');
      await expectLandingPage(page);
    });
  }

  test('an account with rights none is signed out and sent to /thanks', async ({ page }) => {
    await signIn(page, person('none'));
    await expect(page).toHaveURL(/\/thanks$/);
    expect((await page.request.get('/api/protected')).status()).toBe(401);
  });

  for (const role of ['user', 'member'] as const) {
    test(`a ${role} account that is activated goes to /thanks`, async ({ page }) => {
      await signIn(page, person(role));
      await expect(page).toHaveURL(/\/thanks$/);
    });
  }

  test('a link to /login from another site signs nobody out; the account is named there and signs out with a click', async ({
    page,
  }) => {
    const member = person('member');
    await signIn(page, member);
    await expect(page).toHaveURL(/\/thanks$/);
    // Another site's page with a link to /login: the browser follows it as a cross-site navigation (its Referer the
    // other site), carrying the session's SameSite=Lax cookie.
    const elsewhere = 'http://elsewhere.example/';
    await page.route(elsewhere, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><a href="${new URL('/login', page.url()).href}">staff</a>`,
      }),
    );
    await page.goto(elsewhere);
    const arrived = page.waitForRequest((request) => new URL(request.url()).pathname === '/login');
    await page.getByRole('link', { name: 'staff' }).click();
    const request = await arrived;
    // From the other site, with the session: the navigation the page once answered by signing out.
    expect(await request.headerValue('referer')).toBe(elsewhere);
    expect(await request.headerValue('cookie')).toContain('un_session=');
    const named = page.getByText(`Signed in as ${member.email} (no access to the dashboard)`);
    await expect(named).toBeVisible();
    // Once the page has made every call it makes on load, the session is still there.
    await page.waitForLoadState('networkidle');
    expect((await page.request.get('/api/protected')).status()).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You are signed out.')).toBeVisible();
    await expect(named).toBeHidden();
    expect((await page.request.get('/api/protected')).status()).toBe(401);
  });

  test('without a session the guard sends the visitor to /thanks', async ({ page }) => {
    await goToGuarded(page, '/dashboard/events');
    await expect(page).toHaveURL(/\/thanks$/);
  });

  test('EXIT ends the session on the server and shows /thanks', async ({ page }) => {
    await signIn(page, person('editor'));
    await page.getByRole('button', { name: 'EXIT' }).click();
    // The shell moves to /thanks at once, then loads the light app's page there: the page's own text says it came, and
    // only then may the test navigate again (a goto before it is interrupted by that load).
    await expect(page.getByText('Thank You , You have been logged out.')).toBeVisible();
    await expect(page).toHaveURL(/\/thanks$/);
    expect((await page.request.get('/api/protected')).status()).toBe(401);
    // From another page than /thanks, so that ending there says the guard sent the page on.
    await page.goto('/');
    await goToGuarded(page, '/dashboard/events');
    await expect(page).toHaveURL(/\/thanks$/);
  });

  test('one auth store: a remote section shows the user the shell signed in', async ({ page }) => {
    await signIn(page, person('admin', 'Zainab'));
    await page.goto('/dashboard/events');
    await expect(page.getByText('Signed in as Zainab')).toBeVisible();
    expect(
      await page.evaluate(
        () => (globalThis as { __UMMAHNOTIFY_SHARED_CLIENT_LOADS__?: number }).__UMMAHNOTIFY_SHARED_CLIENT_LOADS__,
      ),
    ).toBe(1);
  });
});

test.describe('public pages', () => {
  test('the landing page says what the service is and links to sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'UmmahNotify' })).toBeVisible();
    await expect(
      page.getByText('Janaza notices and community events, for our community, in English and Tamil.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Staff sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sign in with your Google account to continue accessing')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      /\/api\/auth\/google$/,
    );
  });

  test('every public page is a static one drawn by antd at build time; the language carries over', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    // public-pages: antd's markup written at build time, and one small script of its own.
    const drawnAtBuild = async (script: string) => {
      expect(scripts).toEqual([expect.stringMatching(new RegExp(`^/public-pages/${script}\\.[0-9a-f]{8}\\.js$`))]);
      expect(await page.evaluate(() => '_FEDERATION_RUNTIME_CORE' in globalThis)).toBe(false);
      expect(await page.locator('.ant-app [data-lang]').count()).toBe(2); // a frame per language
      scripts.length = 0;
    };
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming' })).toBeVisible();
    await expect(page.getByText('This browser').locator('visible=true')).toBeVisible();
    // The sign-up form's texts, schemas and proof of work come only when the visitor turns to it.
    await drawnAtBuild('landing');

    await page.getByText('தமிழ்').first().click();
    const staffSignIn = page.getByRole('link', { name: 'பணியாளர் உள்நுழைவு' });
    await staffSignIn.waitFor();
    scripts.length = 0;
    await staffSignIn.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 3, name: 'பணியாளர் உள்நுழைவு' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await drawnAtBuild('login');

    // The others, still in Tamil: the screens' texts (docs/product/screens.md) from the catalogues' Tamil side.
    const pages = [
      ['/thanks', 'thanks', 'நன்றி, நீங்கள் வெளியேற்றப்பட்டீர்கள்.'],
      [
        '/subscribe/confirm?token=unknown_0123456789abcdef',
        'token',
        'இந்த இணைப்பு காலாவதியானது அல்லது ஏற்கெனவே பயன்படுத்தப்பட்டது',
      ],
      ['/unsubscribe?token=short', 'token', 'இந்த இணைப்பு செல்லாது'],
      ['/no-such-page', 'forbidden', 'இந்தப் பக்கத்தை அணுக உங்களுக்கு அனுமதி இல்லை'],
    ];
    for (const [path, script, text] of pages) {
      await page.goto(path);
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await drawnAtBuild(script);
    }
  });

  test('the landing page (its feed drawn by the server), /login, /thanks and 403 are readable with JavaScript off', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Janaza prayers' })).toBeVisible();
    await expect(page.getByText('Signing up needs JavaScript', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staff sign in' })).toHaveAttribute('href', '/login');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 3, name: 'Staff sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/auth/google');
    await page.goto('/thanks');
    await expect(page.getByText('Thank You , You have been logged out.')).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
    await context.close();
  });

  test('/thanks has both texts and the WhatsApp support link', async ({ page }) => {
    await page.goto('/thanks');
    await expect(page.getByText('Thank You , You have been logged out.')).toBeVisible();
    await expect(page.getByText('You are seeing this page because your logged in session ended.')).toBeVisible();
    // The page holds a frame per language: the link of the one shown.
    await expect(page.locator(`a[href="https://wa.me/${SUPPORT_WHATSAPP}"]:visible`)).toBeVisible();
  });

  test('any other top-level path shows the 403 page, which goes back after 2 seconds', async ({ page }) => {
    // the page's 2 s timer runs on a clock the test moves forward: the test does not wait the 2 s, nor race them
    await page.clock.install();
    await page.goto('/thanks');
    await page.goto('/no-such-page');
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(/\/thanks$/);
  });

  test('the Go Back button goes back at once', async ({ page }) => {
    await page.goto('/');
    await page.goto('/still-not-a-page');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expectLandingPage(page);
  });

  test("an unknown dashboard path shows 'Smile!'", async ({ page }) => {
    await signIn(page, person('admin'));
    await page.goto('/dashboard/no-such-section');
    await expect(page.getByText('Smile!')).toBeVisible();
    await expect(sidebarLinks(page)).toHaveCount(2);
  });
});

test.describe('language and phone', () => {
  test('the language switch turns the dashboard Tamil, and the choice survives a reload', async ({ page }) => {
    await signIn(page, person('admin', 'Kumar'));
    await page.getByRole('button', { name: 'EXIT' }).waitFor();
    await page.getByText('தமிழ்').first().click();
    await expect(page.getByRole('button', { name: 'வெளியேறு' })).toBeVisible();
    await expect(sidebarLinks(page)).toHaveText(['ஜனாஸா அறிவிப்புகள்', 'நிகழ்வுகள்']);
    await page.reload();
    await expect(page.getByRole('button', { name: 'வெளியேறு' })).toBeVisible();
    await page.getByText('English').first().click();
    await expect(page.getByRole('button', { name: 'EXIT' })).toBeVisible();
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('the menu hides behind Open Menu / Close Menu', async ({ page }) => {
      await signIn(page, person('editor'));
      await expect(page.getByRole('button', { name: 'Open Menu' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Events' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Open Menu' }).click();
      await expect(page.getByRole('button', { name: 'Close Menu' })).toBeVisible();
      await expect(page.getByText('Online')).toBeVisible();
      await expect(page.getByText('Dashboard v2.0')).toBeVisible();
      await page.getByRole('link', { name: 'Events' }).click();
      await expect(page).toHaveURL(/\/dashboard\/events/);
      await expect(page.getByRole('button', { name: 'Open Menu' })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
