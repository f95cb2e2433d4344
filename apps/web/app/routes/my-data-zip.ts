import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, callRaw, personalFile } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { onlyRead, plainText } from '../lib/plain-text.ts';

/** The zip of the citizen's data and files ('Meus dados'), once the job made it, through her session; never cached. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const file = await callRaw(context, { url: '/v1/meus-dados/exportacao/zip', auth: 'citizen' }).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });
  if (!file) return plainText(404, 'Nenhum arquivo pronto: peça um em Meus dados.');
  return personalFile(file, 'application/zip', 'meus-dados.zip');
}

export function action() {
  return onlyRead('Este endereço só baixa o arquivo: use o botão da página Meus dados.');
}
