import { renderSVG } from 'uqr';

/** A QR code as inline SVG (black on white, with the quiet zone scanners need). */
export function qrSvg(text: string): string {
  return renderSVG(text, { border: 2, pixelSize: 4, blackColor: '#000', whiteColor: '#fff' });
}
