import type { BrowserContextOptions, Locator, Page } from '@playwright/test';
import { DESKTOP, PHONE } from './browser.ts';

/**
 * How a person meets the portal (issue 24): on a desktop typing at 120 ms a key, on a phone at 250 ms, and on a
 * slow phone (400 ms of latency, 50 KB/s, Chrome's network emulation) at the same pace. Tests that act as a
 * person do not wait for the page's scripts: they type and tap as soon as what they need is visible.
 */
export interface Person {
  name: string;
  device: BrowserContextOptions;
  /** milliseconds between keys */
  keyDelay: number;
  slow: boolean;
}

export const PEOPLE: Person[] = [
  { name: 'on a desktop, fast network', device: DESKTOP, keyDelay: 120, slow: false },
  { name: 'on a phone, fast network', device: PHONE, keyDelay: 250, slow: false },
  { name: 'on a phone, slow network', device: PHONE, keyDelay: 250, slow: true },
];

/** A slow mobile network for this page, from now on (Chrome DevTools Protocol). */
export async function slowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 });
}

/** Taps or clicks the element as soon as it is visible, as the device's person would. */
export async function touch(person: Person, target: Locator) {
  await target.waitFor({ state: 'visible' });
  if (person.device.hasTouch) await target.tap();
  else await target.click();
}

/** Types into the focused element at the person's pace, key by key. */
export async function typeAsAPerson(page: Page, person: Person, text: string) {
  await page.keyboard.type(text, { delay: person.keyDelay });
}

/** The page has hydrated (the app's scripts run): for checking what the page kept, after the person acted. */
export const hydration = (page: Page) => page.locator('html[data-hydrated="true"]');

/** The text box of a search form (a plain search box until the page hydrates, a combobox after). */
export const searchBox = (page: Page, name: string) => page.getByRole('search', { name, exact: true }).locator('input[type="search"]');
