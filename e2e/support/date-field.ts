import { expect, type Locator } from '@playwright/test';

/**
 * Types a date (and time) into an antd date field as a person does: a tap opens the picker, the text is typed and
 * Enter takes it. On a phone the picker opens as a sheet under the spot just tapped; a mouse left there hovers a day
 * and antd shows that day in the field while it is hovered (a finger lifts, a mouse stays). So the pointer leaves
 * first, and the field is read once it shows what was typed.
 */
export async function enterDate(field: Locator, typed: string, shown = typed): Promise<void> {
  await field.click();
  await field.page().mouse.move(0, 0);
  await field.fill(typed);
  await field.press('Enter');
  await expect(field).toHaveValue(shown);
}
