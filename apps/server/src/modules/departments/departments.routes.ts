import { DepartmentList, DepartmentParams, DepartmentSectionList, ErrorResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error.ts';
import { toDepartment, toSection } from '../../lib/mappers.ts';
import * as repository from './departments.repository.ts';

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/department',
    { config: { publicCache: {} }, schema: { tags: ['órgãos'], summary: 'Órgãos do governo', response: { 200: DepartmentList } } },
    async () => (await repository.listDepartments(app.db)).map(toDepartment),
  );

  app.get(
    '/v1/department/:id/section',
    {
      config: { publicCache: {} },
      schema: {
        tags: ['órgãos'],
        summary: 'Unidades de atendimento de um órgão (por número ou identificador)',
        params: DepartmentParams,
        response: { 200: DepartmentSectionList, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const department = await repository.findDepartment(app.db, request.params.id);
      if (!department) throw notFound('Órgão não encontrado.');
      const summary = toDepartment(department);
      return (await repository.listSections(app.db, department.id)).map((section) => toSection(section, summary));
    },
  );
};
