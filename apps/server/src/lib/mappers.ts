import type { DepartmentSection, DepartmentSummary } from '@portal/contracts';

// Row → contract mappings used by more than one module. Row types never leave the server.

export interface DepartmentRow {
  id: number;
  slug: string;
  short_name: string;
  name: string;
  description: string;
  mission: string;
  vision: string;
  values: string;
  link: string;
  hidden: boolean;
  active: boolean;
}

export interface SectionRow {
  id: number;
  department_id: number;
  name: string;
  address: string;
  postal_code: string;
  district: string;
  complement: string;
  city: string;
  state: string;
  country_code: string;
  opening_time: string;
  phone: string;
  latitude: number | null;
  longitude: number | null;
  active: boolean;
}

export function toDepartment(row: DepartmentRow): DepartmentSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    shortName: row.short_name,
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
export function mapUrl(row: Pick<SectionRow, 'latitude' | 'longitude' | 'address' | 'city' | 'state'>): string {
  if (row.latitude != null && row.longitude != null) {
    const lat = row.latitude.toFixed(6);
    const lon = row.longitude.toFixed(6);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  if (!row.address) return '';
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${row.address}, ${row.city} - ${row.state}`)}`;
}

export function toSection(row: SectionRow): DepartmentSection {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    postalCode: row.postal_code,
    district: row.district,
    complement: row.complement,
    city: row.city,
    state: row.state,
    countryCode: row.country_code,
    openingTime: row.opening_time,
    phone: row.phone,
    mapUrl: mapUrl(row),
    latitude: row.latitude,
    longitude: row.longitude,
    active: row.active,
    department: row.department_id,
  };
}
