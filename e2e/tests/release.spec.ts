import { expect, test } from '@playwright/test';
import { API_PATHS } from '@ummahnotify/core';
import { SUPERADMIN_EMAIL } from '../support/env';
import { signInAs } from '../support/fixtures';

/**
 * The release a volunteer reads in the dashboard's footer is the one the server answers in /readyz: the same version
 * and commit, both from the build (scripts/release.mjs), in English and Tamil, on a phone (in the menu) and a desktop.
 */
const WIDTHS = [390, 1280] as const;
const WORD = { en: 'Release', ta: 'வெளியீடு' } as const;

for (const lang of ['en', 'ta'] as const) {
  for (const width of WIDTHS) {
    test(`the footer shows the release /readyz answers (${lang}, ${width} px)`, async ({ browser, request }, info) => {
      const ready = await request.get(API_PATHS.ready);
      const { version, commit } = (await ready.json()) as { version: string; commit: string | null };
      expect(version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(commit, 'the build recorded its commit').toMatch(/^[0-9a-f]{7,40}$/);

      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
      await context.addInitScript((language) => localStorage.setItem('ummahnotify.language', language), lang);
      const page = await context.newPage();
      await signInAs(page, { email: SUPERADMIN_EMAIL, givenName: 'Aisha', familyName: 'Superadmin' });
      await page.goto('/dashboard/summary');
      await expect(page.getByTestId('section-build')).toBeVisible();
      if (width === 390) await page.getByRole('button', { name: /Open Menu|மெனுவைத் திற/ }).click();
      const line = page.getByTestId('release');
      await expect(line).toHaveText(`${WORD[lang]} ${version} · ${commit?.slice(0, 7)}`);
      await expect(line.getByTitle(String(commit))).toBeVisible();
      await page.screenshot({ path: info.outputPath(`release-${lang}-${width}.png`) });
      await context.close();
    });
  }
}
