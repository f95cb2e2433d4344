import { z } from 'zod';
import { DepartmentSection, DepartmentSummary } from './catalog.ts';

export const DepartmentList = z.array(DepartmentSummary);
export const DepartmentSectionList = z.array(DepartmentSection);
/**
 * `{id}` is the department's numeric id or its slug ('sefaz'). A number has at most nine digits (below
 * PostgreSQL's integer limit); a slug is never all digits, so a longer number is refused, not looked up.
 */
export const DepartmentParams = z.object({
  id: z
    .string()
    .max(120, 'Identificador longo demais.')
    .regex(/^(\d{1,9}|(?!\d+$)[a-z0-9]+(?:-[a-z0-9]+)*)$/, 'Órgão inválido: informe o número ou o identificador do órgão.'),
});
