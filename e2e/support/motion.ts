import type { Page } from '@playwright/test';

/**
 * Resolves once the page's running animations have ended (antd's dialogs zoom in for 0.3 s; its menus slide). A
 * click is aimed where the element is; Playwright's "stable" check passes when two frames show it in one place, which
 * a loaded machine that drops frames can see mid-animation: the click then lands where the button no longer is and
 * nothing happens, though the click reports success (seen once here on "Send" in a confirmation; the same in
 * microsoft/playwright#16048 and in other suites' antd dialogs). Endless animations (spinners) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
