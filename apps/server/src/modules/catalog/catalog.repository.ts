import { asc, desc, eq, sql } from 'drizzle-orm';
import type { StepFee } from '@portal/contracts';
import { schema, type Database } from '@portal/db';
import type { Department, Section } from '../../lib/mappers.ts';
import { rows } from '../../lib/rows.ts';

const { services, departments, categories, serviceChanges } = schema;

export type Category = typeof schema.categories.$inferSelect;

export function listCategories(db: Database) {
  return db.select().from(schema.categories).orderBy(schema.categories.orderIndex, schema.categories.name);
}

/** The whole service as one JSON document, in one round trip. */
export interface ServiceDocument {
  id: number;
  type: string;
  slug: string;
  title: string;
  description: string;
  link: string;
  icon: string;
  image_url: string;
  cost: string;
  estimated_time: string;
  is_free: boolean;
  is_online: boolean;
  is_digital: boolean;
  is_self_service: boolean;
  highlighted: boolean;
  active: boolean;
  discontinued_reason: string;
  replaced_by: { slug: string; title: string; categorySlug: string } | null;
  platforms: string[];
  access_count: number;
  created_at: string;
  updated_at: string;
  category: Category;
  department: Department;
  access_profile: { id: number; name: 'BRONZE' | 'PRATA' | 'OURO' | 'OPALA'; weight: number };
  result_category: { id: number; name: string };
  tags: string[];
  targets: string[];
  popular_names: string[];
  steps: { id: number; name: string; description: string; channel: 'online' | 'presencial'; html_content: string; order_index: number; documents: string[]; fees: StepFee[] }[];
  info: { id: number; title: string; text: string; order_index: number; icon: string }[];
  sections: Section[];
  data_rows: { id: number; name: string; value: string }[];
  rating_average: number | null;
  rating_count: number;
  requestable: boolean;
  bookable: boolean;
  deadline_days: number | null;
  verified_average: number | null;
  verified_count: number;
}

export async function findServiceDocument(db: Database, slug: string): Promise<ServiceDocument | null> {
  const found = await rows<{ doc: ServiceDocument }>(
    db,
    sql`
    select json_build_object(
      'id', s.id, 'type', s.type, 'slug', s.slug, 'title', s.title, 'description', s.description,
      'link', s.link, 'icon', s.icon, 'image_url', s.image_url, 'cost', s.cost, 'estimated_time', s.estimated_time,
      'is_free', s.is_free, 'is_online', s.is_online, 'is_digital', s.is_digital, 'is_self_service', s.is_self_service,
      'highlighted', s.highlighted, 'active', s.active, 'platforms', s.platforms, 'access_count', s.access_count,
      'discontinued_reason', s.discontinued_reason,
      'replaced_by', (select json_build_object('slug', r.slug, 'title', r.title, 'categorySlug', rcat.slug)
         from services r join categories rcat on rcat.id = r.category_id where r.id = s.replaced_by_id and r.active),
      'created_at', s.created_at, 'updated_at', s.updated_at,
      'category', json_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'description', c.description, 'icon', c.icon,
         'iconapp', c.iconapp, 'corhex', c.corhex, 'orderIndex', c.order_index, 'hidden', c.hidden, 'audience', c.audience,
         'parentId', c.parent_id),
      'department', json_build_object('id', d.id, 'slug', d.slug, 'shortName', d.short_name, 'name', d.name,
         'description', d.description, 'mission', d.mission, 'vision', d.vision, 'values', d.values,
         'link', d.link, 'hidden', d.hidden, 'active', d.active),
      'access_profile', json_build_object('id', ap.id, 'name', ap.name, 'weight', ap.weight),
      'result_category', json_build_object('id', rc.id, 'name', rc.name),
      'tags', coalesce((select json_agg(t.name order by t.name) from service_tags st join tags t on t.id = st.tag_id where st.service_id = s.id), '[]'),
      'targets', coalesce((select json_agg(tg.name order by tg.id) from service_targets stg join targets tg on tg.id = stg.target_id where stg.service_id = s.id), '[]'),
      'popular_names', coalesce((select json_agg(p.name order by p.id) from service_popular_names p where p.service_id = s.id), '[]'),
      'steps', coalesce((select json_agg(json_build_object('id', st.id, 'name', st.name, 'description', st.description,
           'channel', st.channel, 'html_content', st.html_content, 'order_index', st.order_index, 'fees', st.fees,
           'documents', coalesce((select json_agg(sd.name order by sd.order_index) from step_documents sd where sd.step_id = st.id), '[]'))
         order by st.order_index) from service_steps st where st.service_id = s.id), '[]'),
      'info', coalesce((select json_agg(json_build_object('id', i.id, 'title', i.title, 'text', i.text, 'order_index', i.order_index, 'icon', i.icon)
         order by i.order_index) from service_info i where i.service_id = s.id), '[]'),
      'sections', coalesce((select json_agg(json_build_object('id', ds.id, 'departmentId', ds.department_id, 'slug', ds.slug,
           'name', ds.name, 'address', ds.address, 'district', ds.district, 'complement', ds.complement, 'postalCode', ds.postal_code,
           'city', ds.city, 'state', ds.state, 'countryCode', ds.country_code, 'openingTime', ds.opening_time, 'phone', ds.phone,
           'latitude', ds.latitude, 'longitude', ds.longitude, 'active', ds.active) order by ds.city, ds.name) from service_sections ss
         join department_sections ds on ds.id = ss.section_id where ss.service_id = s.id and ds.active), '[]'),
      'data_rows', coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'value', r.value) order by r.id)
         from catalog_data_rows r where r.service_id = s.id), '[]'),
      'rating_average', (select avg(value)::float8 from ratings where service_id = s.id),
      'rating_count', (select count(*)::int from ratings where service_id = s.id),
      'requestable', s.request_form is not null and s.active,
      'bookable', s.active and exists (select 1 from unit_agendas ua where ua.service_id = s.id and ua.active),
      'deadline_days', s.deadline_days,
      'verified_average', (select avg(value)::float8 from verified_ratings where service_id = s.id),
      'verified_count', (select count(*)::int from verified_ratings where service_id = s.id)
    ) as doc
    from services s
    join categories c on c.id = s.category_id
    join departments d on d.id = s.department_id
    join access_profiles ap on ap.id = s.access_profile_id
    join result_categories rc on rc.id = s.result_category_id
    where s.slug = ${slug}`,
  );
  const doc = found[0]?.doc;
  return doc ? (typeof doc === 'string' ? (JSON.parse(doc) as ServiceDocument) : doc) : null;
}

/** Counts one access for "mais acessados" and keeps who accessed what for recommendations. */
/** Views gathered over a second or so, in one statement: each service's counter moves once, each view joins the history. */
export async function recordAccesses(db: Database, views: { slug: string; userSub: string | null }[]) {
  if (!views.length) return;
  const list = sql.join(
    views.map((v) => sql`(${v.slug}::text, ${v.userSub}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    with viewed (slug, user_sub) as (values ${list}),
    counts as (select slug, count(*)::int as n from viewed group by slug),
    bumped as (update services s set access_count = s.access_count + c.n from counts c where s.slug = c.slug returning s.id, s.slug)
    insert into access_log (service_id, user_sub) select b.id, v.user_sub from viewed v join bumped b on b.slug = v.slug`);
}

/** Every service on line, with what the federal portal's harvest reads. */
export function feedRows(db: Database) {
  return db
    .select({
      id: services.id,
      slug: services.slug,
      title: services.title,
      description: services.description,
      category: categories.slug,
      popularNames: services.cardPopularNames,
      tags: services.cardTags,
      updatedAt: services.updatedAt,
      departmentName: departments.name,
      departmentShortName: departments.shortName,
      departmentLink: departments.link,
    })
    .from(services)
    .innerJoin(departments, eq(departments.id, services.departmentId))
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(eq(services.active, true))
    .orderBy(asc(services.id));
}

/** The service's public change log, newest first. */
export async function changeLog(db: Database, slug: string) {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.slug, slug));
  if (!service) return null;
  const entries = await db.select().from(serviceChanges).where(eq(serviceChanges.serviceId, service.id)).orderBy(desc(serviceChanges.publishedAt), desc(serviceChanges.id)).limit(20);
  return { serviceId: service.id, entries };
}
