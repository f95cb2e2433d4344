// Contacts of the privacy policy. Like the addresses in lib/site.ts, confirm them before going live
// (apps/web/README.md, 'Before going live'): the data-protection officer is named by an act of the Governor.
export const PRIVACY = {
  controller: 'Governo do Estado do Piauí',
  controllerAddress: 'Centro Administrativo, Av. Pedro Freitas, s/n, Bairro São Pedro, Teresina - PI, CEP 64018-900',
  operator: 'Agência de Tecnologia da Informação do Piauí (ATI-PI), que mantém o portal',
  dpoTitle: 'Encarregado pelo Tratamento de Dados Pessoais do Governo do Estado do Piauí',
  dpoEmail: 'encarregado.lgpd@pi.gov.br',
  lastUpdate: '2026-11-25',
};
