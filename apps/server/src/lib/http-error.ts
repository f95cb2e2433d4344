/** An expected failure with a status and a Portuguese message for the citizen. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** each field's problem, for a form's error summary (contracts' FieldErrors) */
    readonly fields?: { field: string; message: string; page?: string }[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Acesso não autorizado: faça login para continuar.') => new HttpError(401, message);
export const forbidden = (message = 'Você não tem permissão para acessar estes dados.') => new HttpError(403, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);

/** A form's answers refused: the summary's message and each field's problem (400, contracts' FieldErrors). */
export const fieldErrors = (message: string, fields: { field: string; message: string; page?: string }[]) => new HttpError(400, message, fields);
