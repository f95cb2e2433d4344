-- Other slugs of a department: the live API names departments by their full name, and the state's app
-- hard-codes three of those (issue 14). Today's short slugs stay the canonical ones.
CREATE TABLE "department_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "department_aliases" ADD CONSTRAINT "department_aliases_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The slugs the state's app hard-codes (issue 14), for a database seeded before this migration; a fresh one gets them from the demo seed.
INSERT INTO "department_aliases" ("alias", "department_id")
SELECT a.alias, d.id FROM (VALUES
  ('secretaria-da-administracao-do-estado-do-piaui', 'sead'),
  ('departamento-estadual-de-transito-do-estado-do-piaui', 'detran-pi'),
  ('secretaria-de-estado-da-educacao-do-piaui', 'seduc')
) AS a(alias, slug) JOIN "departments" d ON d.slug = a.slug
ON CONFLICT DO NOTHING;
