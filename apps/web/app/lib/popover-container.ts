/**
 * Where the header's popovers (notifications, Nota Piauiense, the citizen's menu) are rendered: inside the
 * header's landmark, so all of the page's content stays inside landmarks. Popovers render only once
 * opened, in the browser.
 */
export function headerPopoverContainer(): Element | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector('header[data-floating]') ?? undefined;
}
