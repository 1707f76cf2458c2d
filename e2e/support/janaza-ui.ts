import { expect, type Page } from '@playwright/test';
import { catalogues } from '@ummahnotify/domain';
import sharp from 'sharp';
import { STAFF_OUTCOMES } from '../../shared/domain/test/expected-texts';
import { enterDate } from './date-field';

type Lang = 'en' | 'ta';
const text = (lang: Lang) => catalogues.janaza[lang];
const JO = STAFF_OUTCOMES.janaza;

/** A photo as a phone would take it (800 x 600 JPEG). */
export const photoJpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#2d6a4f' } })
    .jpeg()
    .toBuffer();

/** The create tab of the janaza section: every field, a photo, save; then the form resets (docs/product/data.md). */
export async function createNotice(
  page: Page,
  lang: Lang,
  name: string,
  provider: { name: string; contact: string },
): Promise<void> {
  const t = text(lang);
  await page.getByRole('tab', { name: t['tab.create'] }).click();
  await expect(page.getByRole('heading', { name: JO.createTitle[lang] })).toBeVisible();
  await page.getByRole('combobox', { name: t['field.provider'] }).click();
  await page.getByTitle(provider.name).click();
  await expect(page.getByLabel(t['field.contact'], { exact: true })).toHaveValue(provider.contact);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
  await expect(page.getByRole('img', { name: t['field.image'] })).toBeVisible();
  await page.getByLabel(t['field.name'], { exact: true }).fill(name);
  await page.getByLabel(t['field.age'], { exact: true }).fill('78');
  await page.getByLabel(t['field.postal'], { exact: true }).fill('229923');
  // The form offers "after a prayer" first; these flows give an exact time.
  await page.getByLabel(t['timeKind.exact'], { exact: true }).check();
  const due = page.getByPlaceholder(t['field.dueDatePlaceholder']);
  await enterDate(due, '01-05-2030 14:30');
  await page.getByLabel(t['field.note'], { exact: true }).fill('Solat jenazah after Zohor.');
  await page.getByRole('button', { name: t.saveNotification }).click();
  await expect(page.getByText(JO.created[lang])).toBeVisible();
  // docs/product/data.md: the form resets, gender male, not private, provider cleared.
  await expect(page.getByLabel(t['field.name'], { exact: true })).toHaveValue('');
  await expect(page.getByLabel(t['field.contact'], { exact: true })).toHaveValue('');
  await expect(page.getByLabel(t['gender.male'], { exact: true })).toBeChecked();
  await expect(page.getByLabel(t['field.isPrivacy'], { exact: true })).not.toBeChecked();
}

/** "Notify Now!": the list's inline edit sets the notice to approved (desktop table, English). */
export async function approveInList(page: Page, name: string): Promise<void> {
  const j = text('en');
  await page.goto('/dashboard/janaza-notifications');
  await page.getByRole('tab', { name: j['tab.edit'] }).click();
  await page.getByRole('textbox', { name: j.search }).fill(name);
  const row = page.locator('tbody tr').filter({ hasText: name });
  await row.getByRole('button', { name: j.editRow }).click();
  const editing = page.locator('tbody tr').filter({ has: page.getByRole('textbox', { name: j['field.name'] }) });
  await editing.getByRole('combobox', { name: j['field.status'] }).click();
  await page.getByTitle(j['status.approved'], { exact: true }).last().click();
  await editing.getByRole('button', { name: j.saveRow }).click();
  await expect(page.getByText(JO.updated.en)).toBeVisible();
}
