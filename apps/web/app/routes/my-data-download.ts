import type { LoaderFunctionArgs } from 'react-router';
import { callRaw, personalFile } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { onlyRead } from '../lib/plain-text.ts';

/** All the citizen's data as one JSON file ('Meus dados'), downloaded through her session; never kept by any cache. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const file = await callRaw(context, { url: '/v1/meus-dados/exportacao', auth: 'citizen' });
  return personalFile(file, 'application/json; charset=utf-8', 'meus-dados.json');
}

export function action() {
  return onlyRead('Este endereço só baixa os seus dados: use o botão da página Meus dados.');
}
