// The shapes the open-data viewer's loader hands to its screen (viewer.server.ts builds them).

export interface GroupInfo {
  text: string;
  slug: string;
  description: string;
  icon: string;
  informational: boolean;
}
export interface EndpointLink {
  slug: string;
  description: string;
  format: 'json' | 'csv';
}
export interface Failure {
  status: number;
  message: string;
  detail: string | null;
}
export interface Result {
  data: unknown;
  /** zero-based page index, page count and total records, when the API paginates */
  page: { index: number; count: number; total: number } | null;
}
/** A value that breaks its placeholder's rule, and what the citizen reads about it. */
export interface FieldError {
  name: string;
  message: string;
}
export interface Field {
  name: string;
  label: string;
  hint: string;
  value: string;
  /** what the source has to pick from (the years with data, that year's months), when it can tell */
  choices: string[];
}

export type View =
  | { kind: 'group'; title: string; group: GroupInfo; endpoints: EndpointLink[]; updatedAt: string | null }
  | {
      kind: 'form';
      title: string;
      resources: string;
      group: GroupInfo;
      endpoint: EndpointLink;
      fields: Field[];
      searched: boolean;
      /** blank placeholders of a submitted form (spec §5) */
      missing: string[];
      /** filled placeholders whose value breaks the contract's rule (a year of 4 digits, a month 1–12, ...) */
      invalid: FieldError[];
      result: Result | null;
      failure: Failure | null;
      updatedAt: string | null;
      /** the server's CSV of the same query (resource route) and its name (records, size), once there is data */
      download: { href: string; label: string } | null;
    }
  | { kind: 'auto'; title: string; resources: string; group: GroupInfo | null; url: string; result: Result | null; failure: Failure | null; updatedAt: string | null }
  | { kind: 'not-found'; title: string; message: string; group: GroupInfo | null; endpoints: EndpointLink[] };
