import { renderSVG } from 'uqr';

/** Codes already drawn: the home shows the same two store links on every visit. */
const drawn = new Map<string, string>();

/** A QR code as inline SVG (black on white, with the quiet zone scanners need), drawn once per text. */
export function qrSvg(text: string): string {
  let svg = drawn.get(text);
  if (svg === undefined) {
    svg = renderSVG(text, { border: 2, pixelSize: 4, blackColor: '#000', whiteColor: '#fff' });
    if (drawn.size < 16) drawn.set(text, svg);
  }
  return svg;
}
