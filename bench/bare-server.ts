// The yardstick for bench/throughput.ts: a bare Hono + pg endpoint answering the same list as
// GET /api/v1/animals with ONE hand-written query, no middleware, no session, no validation.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const farmId = process.env.FARM_ID!;
const listAnimals = `
  select a.id, a.name, a.breed, a.sex, a.birth_date as "birthDate", a.weight::float8 as weight,
         a.weight_unit as "weightUnit", a.species_id as "speciesId", s.name as "speciesName",
         a.color, a.dam, a.sire, a.tag_id as "tagId", a.photo_key as "photoKey",
         coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.name, g.id)
                   from animal_groups ag join groups g on g.farm_id = ag.farm_id and g.id = ag.group_id where ag.farm_id = a.farm_id and ag.animal_id = a.id), '[]'::json) as groups,
         a.created_at as "createdAt", a.updated_at as "updatedAt"
  from animals a left join species s on s.id = a.species_id
  where a.farm_id = $1 order by lower(a.name), a.id`;

const app = new Hono();
app.get('/bare', async (c) => {
  const result = await pool.query({ name: 'bare_animals', text: listAnimals, values: [farmId] });
  return c.json(result.rows);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.log('ready'),
);
