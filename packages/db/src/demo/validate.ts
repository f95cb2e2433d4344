import type { CatalogData } from '../seed.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const LEVELS = new Set(['BRONZE', 'PRATA', 'OURO', 'OPALA']);
const TARGETS = new Set(['cidadao', 'servidor', 'empresa']);
/** The portal pages a service may link to (apps/web/app/routes.ts): any other /app/ path would be a 404. */
const PORTAL_PAGES = new Set(['/app/app-documentos', '/app/app-minha-cnh', '/app/app-nota-piauiense', '/app/acompanhar-minhas-solicitacoes', '/app/dashboard', '/app/app-simplifique']);

/** Every way the demo catalog could be inconsistent, as readable lines; empty when it is sound. */
export function checkCatalog(data: CatalogData): string[] {
  const problems: string[] = [];
  const categorySlugs = new Set<string>();
  const audience = new Set<string>();
  for (const c of data.categories) {
    if (!SLUG.test(c.slug)) problems.push(`category ${c.slug}: slug is not kebab-case`);
    if (categorySlugs.has(c.slug)) problems.push(`category ${c.slug}: duplicate`);
    categorySlugs.add(c.slug);
    if (c.audience) audience.add(c.slug);
    if (!/^#[0-9A-Fa-f]{6}$/.test(c.corhex)) problems.push(`category ${c.slug}: corhex ${c.corhex}`);
  }
  const departmentSlugs = new Set<string>();
  const unitSlugs = new Set<string>();
  for (const d of data.departments) {
    if (!SLUG.test(d.slug)) problems.push(`department ${d.slug}: slug is not kebab-case`);
    if (departmentSlugs.has(d.slug)) problems.push(`department ${d.slug}: duplicate`);
    departmentSlugs.add(d.slug);
    for (const u of d.units) {
      if (unitSlugs.has(u.slug)) problems.push(`unit ${u.slug}: duplicate`);
      unitSlugs.add(u.slug);
      if (!/^\d{5}-\d{3}$/.test(u.postalCode)) problems.push(`unit ${u.slug}: postalCode ${u.postalCode}`);
      if (!(u.latitude < -2 && u.latitude > -11 && u.longitude < -40 && u.longitude > -46)) problems.push(`unit ${u.slug}: coordinates outside Piauí`);
    }
  }
  const serviceSlugs = new Set<string>();
  for (const s of data.services) {
    const where = `service ${s.slug}`;
    if (!SLUG.test(s.slug)) problems.push(`${where}: slug is not kebab-case`);
    if (serviceSlugs.has(s.slug)) problems.push(`${where}: duplicate slug`);
    serviceSlugs.add(s.slug);
    if (!categorySlugs.has(s.category)) problems.push(`${where}: unknown category ${s.category}`);
    if (audience.has(s.category)) problems.push(`${where}: audience category ${s.category} used as topical category`);
    if (!departmentSlugs.has(s.department)) problems.push(`${where}: unknown department ${s.department}`);
    if (!LEVELS.has(s.accessProfile)) problems.push(`${where}: accessProfile ${s.accessProfile}`);
    if (!s.targets.length || s.targets.some((x) => !TARGETS.has(x))) problems.push(`${where}: targets ${s.targets.join(',')}`);
    if (!s.title.trim() || !s.description.trim()) problems.push(`${where}: empty title or description`);
    if (!s.steps.length) problems.push(`${where}: no steps`);
    for (const step of s.steps) {
      if (step.channel !== 'online' && step.channel !== 'presencial') problems.push(`${where}: step channel ${step.channel}`);
    }
    if (s.link && !/^(https:\/\/|\/app\/)/.test(s.link)) problems.push(`${where}: link ${s.link}`);
    if (s.link.startsWith('/app/') && !PORTAL_PAGES.has(s.link)) problems.push(`${where}: link ${s.link} is not a portal page`);
    if (s.catalogDataRow?.length && !/^https?:\/\//.test(s.link)) problems.push(`${where}: catalogDataRow needs an https link`);
    if (/\blorem\b|\bTODO\b|\bFIXME\b/.test(JSON.stringify(s))) problems.push(`${where}: placeholder text`);
    if (s.active === false && !s.discontinuedReason?.trim()) problems.push(`${where}: inactive without a discontinuedReason`);
    if (s.active !== false && (s.discontinuedReason || s.replacedBy)) problems.push(`${where}: active with a discontinuedReason or replacedBy`);
  }
  // A replacement is another service that is still offered.
  for (const s of data.services) {
    if (!s.replacedBy) continue;
    const replacement = data.services.find((r) => r.slug === s.replacedBy);
    if (!replacement || replacement.active === false) problems.push(`service ${s.slug}: replacedBy ${s.replacedBy} is not an active service`);
  }
  return problems;
}
