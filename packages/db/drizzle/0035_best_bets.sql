CREATE TABLE "search_best_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"title" text NOT NULL,
	"provider" text NOT NULL,
	"description" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The common ones (issue 25): what citizens ask the state's portal for that another government or a company provides.
INSERT INTO "search_best_bets" ("terms", "title", "provider", "description", "url") VALUES
	(ARRAY['passaporte', 'tirar passaporte', 'renovar passaporte'], 'Passaporte', 'Polícia Federal', 'O passaporte é pedido e emitido pela Polícia Federal: preencha o pedido, pague a taxa e agende o atendimento no site da PF.', 'https://www.gov.br/pf/pt-br/assuntos/passaporte'),
	(ARRAY['titulo de eleitor', 'titulo eleitoral', 'e titulo', 'biometria eleitoral', 'zona eleitoral', 'justica eleitoral'], 'Título de eleitor', 'Justiça Eleitoral (TSE e TRE-PI)', 'Tirar, transferir ou regularizar o título de eleitor é com a Justiça Eleitoral, pelo autoatendimento do TSE ou num cartório eleitoral.', 'https://www.tse.jus.br/servicos-eleitorais/autoatendimento-eleitoral'),
	(ARRAY['iptu', 'itbi', 'alvara de construcao', 'habite se'], 'IPTU e impostos do município', 'Prefeitura do seu município', 'O IPTU e o ITBI são impostos municipais: a guia, o parcelamento e as certidões são da prefeitura da sua cidade (em Teresina, a Secretaria de Finanças).', 'https://pmt.pi.gov.br/'),
	(ARRAY['castracao', 'castrar', 'cachorro', 'cachorros', 'gato', 'gatos', 'zoonoses', 'carrocinha', 'animal de estimacao', 'animais de estimacao', 'animal abandonado'], 'Animais de estimação: castração, vacina e zoonoses', 'Prefeitura do seu município (centro de zoonoses)', 'Castração, vacina antirrábica de cães e gatos e recolhimento de animais são da prefeitura da sua cidade, pelo centro de controle de zoonoses.', 'https://pmt.pi.gov.br/'),
	(ARRAY['iluminacao publica', 'poste', 'poste apagado', 'lampada queimada', 'luz da rua'], 'Iluminação pública', 'Prefeitura do seu município', 'Poste apagado ou lâmpada queimada na rua: a iluminação pública é da prefeitura da sua cidade.', 'https://pmt.pi.gov.br/'),
	(ARRAY['buraco na rua', 'tapa buraco', 'calcamento', 'coleta de lixo', 'lixo', 'entulho', 'limpeza urbana'], 'Ruas, buracos e coleta de lixo', 'Prefeitura do seu município', 'Buracos e calçamento das ruas, coleta de lixo e limpeza urbana são da prefeitura da sua cidade. Rodovias estaduais são do DER-PI.', 'https://pmt.pi.gov.br/'),
	(ARRAY['conta de luz', 'conta de energia', 'energia eletrica', 'falta de luz', 'falta de energia', 'equatorial', 'religacao de energia', 'luz cortada'], 'Conta de luz e falta de energia', 'Equatorial Piauí (distribuidora de energia)', 'Segunda via da conta, falta de energia e religação são com a distribuidora, a Equatorial Piauí, pelo site, pelo aplicativo ou pelo telefone 0800 086 0800.', 'https://pi.equatorialenergia.com.br/'),
	(ARRAY['fgts', 'fundo de garantia', 'saque aniversario'], 'FGTS', 'Caixa Econômica Federal', 'Saldo, saque e saque-aniversário do FGTS são com a Caixa, pelo aplicativo FGTS ou numa agência.', 'https://www.caixa.gov.br/beneficios-trabalhador/fgts/Paginas/default.aspx'),
	(ARRAY['pis', 'pis pasep', 'abono salarial'], 'PIS e abono salarial', 'Caixa Econômica Federal', 'O número do PIS e o abono salarial são da Caixa (o PASEP, do Banco do Brasil); consulte também a Carteira de Trabalho Digital.', 'https://www.caixa.gov.br/beneficios-trabalhador/pis/Paginas/default.aspx'),
	(ARRAY['certidao de nascimento', 'registro de nascimento', 'certidao de casamento', 'certidao de obito', 'cartorio', 'registro civil'], 'Certidões de nascimento, casamento e óbito', 'Cartório de Registro Civil', 'Registro e segunda via de certidões de nascimento, casamento e óbito são feitos nos cartórios de registro civil, também pela internet.', 'https://www.registrocivil.org.br/'),
	(ARRAY['cpf', 'tirar cpf', 'cpf suspenso'], 'CPF', 'Receita Federal', 'Inscrição, consulta e regularização do CPF são com a Receita Federal, pela internet e sem custo.', 'https://www.gov.br/receitafederal/pt-br/assuntos/meu-cpf'),
	(ARRAY['imposto de renda', 'irpf', 'malha fina'], 'Imposto de Renda', 'Receita Federal', 'A declaração, a restituição e a malha fina do Imposto de Renda são com a Receita Federal.', 'https://www.gov.br/receitafederal/pt-br/assuntos/meu-imposto-de-renda'),
	(ARRAY['inss', 'meu inss', 'auxilio doenca', 'bpc', 'loas', 'salario maternidade'], 'INSS: aposentadoria e benefícios do trabalhador', 'INSS (Instituto Nacional do Seguro Social)', 'Aposentadoria, auxílios e o BPC de quem trabalha na iniciativa privada são com o INSS, pelo Meu INSS ou pelo telefone 135. Servidores do Estado: veja a PIAUIPREV.', 'https://meu.inss.gov.br/'),
	(ARRAY['visto americano', 'visto dos estados unidos', 'visto para os estados unidos', 'visto eua'], 'Visto para os Estados Unidos', 'Embaixada e consulados dos Estados Unidos', 'O visto é concedido pelo país de destino: para os Estados Unidos, pela embaixada e pelos consulados americanos.', 'https://br.usembassy.gov/pt/visas-pt/');
