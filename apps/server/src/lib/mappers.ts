import type { DepartmentSection, DepartmentSummary } from '@portal/contracts';
import type { schema } from '@portal/db';

// Row → contract mappings used by more than one module. Row types never leave the server.

export type Department = typeof schema.departments.$inferSelect;
export type Section = typeof schema.departmentSections.$inferSelect;

export function toDepartment(row: Department): DepartmentSummary {
  return {
    id: String(row.id),
    slug: row.slug,
    name: row.name,
    shortName: row.shortName,
    link: row.link,
    description: row.description,
    mission: row.mission,
    vision: row.vision,
    values: row.values,
    hidden: row.hidden,
    active: row.active,
  };
}

/** A link a citizen can open for directions; the portal itself loads nothing from the map site. */
export function mapUrl(row: Pick<Section, 'latitude' | 'longitude' | 'address' | 'city' | 'state'>): string {
  if (row.latitude != null && row.longitude != null) {
    const lat = row.latitude.toFixed(6);
    const lon = row.longitude.toFixed(6);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  if (!row.address) return '';
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${row.address}, ${row.city} - ${row.state}`)}`;
}

/** A unit with its department as an object, as the live API and the state's app's types have it (issue 14). */
export function toSection(row: Section, department: DepartmentSummary): DepartmentSection {
  return {
    id: String(row.id),
    name: row.name,
    address: row.address,
    postalCode: row.postalCode,
    district: row.district,
    complement: row.complement,
    city: row.city,
    state: row.state,
    countryCode: row.countryCode,
    openingTime: row.openingTime,
    phone: row.phone,
    mapUrl: mapUrl(row),
    latitude: row.latitude,
    longitude: row.longitude,
    active: row.active,
    department,
  };
}
