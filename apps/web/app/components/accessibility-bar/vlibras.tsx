/** The widget's place in the page, as VLibras documents it: its button, and where its player opens. */
const MARKUP = '<div vw class="enabled"><div vw-access-button class="active"></div><div vw-plugin-wrapper><div class="vw-plugin-top-wrapper"></div></div></div>';

/**
 * The federal VLibras widget, which translates the page into Libras (eMAG), only where the operator turned it on
 * (VLIBRAS_URL): nothing is loaded from outside the portal otherwise. Its script loads after the page (`defer`)
 * and starts the widget once the document is read.
 */
export function VLibras({ url, nonce }: { url: string; nonce?: string }) {
  const start = `document.addEventListener('DOMContentLoaded',function(){if(window.VLibras)new window.VLibras.Widget(${JSON.stringify(url)})})`;
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: MARKUP }} />
      <script src={`${url}/vlibras-plugin.js`} defer nonce={nonce} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: start }} />
    </>
  );
}
