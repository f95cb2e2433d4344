/** The public page where anyone checks a document's code (the QR code on the PDF points here too). */
export const VERIFY_PATH = '/app/verificar';
/** The citizen's download of one of her documents (through her session). */
export const documentDownloadPath = (id: number) => `/app/minha-area/documentos/${id}`;
