import type { LoaderFunctionArgs } from 'react-router';
import { callRaw } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { onlyRead } from '../lib/plain-text.ts';

/** All the citizen's data as one JSON file ('Meus dados'), downloaded through her session; never kept by any cache. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const file = await callRaw(context, { url: '/v1/meus-dados/exportacao', auth: 'citizen' });
  return new Response(file.bytes as unknown as BodyInit, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': file.headers['content-disposition'] ?? 'attachment; filename="meus-dados.json"',
      'cache-control': 'private, no-store',
    },
  });
}

export function action() {
  return onlyRead('Este endereço só baixa os seus dados: use o botão da página Meus dados.');
}
