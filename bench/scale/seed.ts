// Seeds farms by SQL for the scale benchmark (bench/scale.ts): per farm 3 groups, 50 animals
// (17, 17 and 16 in the groups), 30 group batches per group (each of its animals gets an entry:
// medications, weigh-ins and notes in turn) and 10 own notes per animal — 40 entries per animal,
// 2,000 per farm — 10 reminders, 90 days of eggs, 40 days of milk, a medicine cabinet and 60 money entries, each
// recorded by the farm's owner. Every farm has its owner (an account, a profile and a live session),
// as a farm made by sign-up has: the tables a request reads to sign in and to name who recorded
// an entry are as large as the farms are many. Plain inserts only, so the app's triggers keep their
// derived rows (group_log, list items, group ids, a new user's farm) as they would for the API's writes.

/** Runs one SQL statement with parameters (node-postgres or PGlite). */
export type Execute = (text: string, values: unknown[]) => Promise<unknown>;

/** The owner of the farm `farm` (SQL): who recorded its seeded rows. */
const owner = (farm: string) =>
  `(select fm.user_id from farm_members fm where fm.farm_id = ${farm} and fm.role = 'owner' limit 1)`;

const fill = [
  `insert into groups (id, farm_id, name, color)
   select gen_random_uuid(), f, 'Group ' || g, (array['#f59e0b', '#10b981', '#6366f1'])[g]
   from unnest($1::uuid[]) f cross join generate_series(1, 3) g`,
  `insert into animals (id, farm_id, name, breed, sex, birth_date, weight, weight_unit, species_id, tag_id)
   select gen_random_uuid(), f, 'Animal ' || n, 'Mixed breed',
     (array['female', 'male', 'castrated_male', 'spayed_female'])[1 + n % 4]::animal_sex,
     current_date - (100 + n * 20), 40 + n, 'lbs', s.id, 'T-' || lpad(n::text, 4, '0')
   from unnest($1::uuid[]) f cross join generate_series(1, 50) n
   left join (select id, row_number() over (order by name) - 1 as k from species where farm_id is null) s
     on s.k = n % 5`,
  `insert into animal_groups (farm_id, animal_id, group_id)
   select a.farm_id, a.id, g.id from animals a
   join groups g on g.farm_id = a.farm_id
     and g.name = 'Group ' || (1 + (substring(a.name from 8)::int - 1) % 3)
   where a.farm_id = any($1::uuid[])`,
  `insert into care_entries (id, farm_id, animal_id, batch_id, group_id, type, date_recorded,
     medication_name, dosage, dosage_unit, weight_value, weight_unit, title, note_content, created_at, updated_at,
     recorded_by)
   select gen_random_uuid(), b.farm_id, ag.animal_id, b.batch_id, b.group_id, b.type, b.day,
     case when b.type = 'medical' then 'Ivermectin' end, case when b.type = 'medical' then 2 end,
     case when b.type = 'medical' then 'mL' end,
     case when b.type = 'weight' then round((40 + random() * 30)::numeric, 1) end,
     case when b.type = 'weight' then 'lbs'::weight_unit end,
     case when b.type = 'note' then 'Flock check' end, case when b.type = 'note' then 'All well, hooves trimmed.' end,
     b.at, b.at, b.owner
   from (select g.farm_id, g.id as group_id, w, gen_random_uuid() as batch_id, ${owner('g.farm_id')} as owner,
           (array['medical', 'weight', 'note'])[1 + w % 3]::entry_type as type,
           current_date - w * 20 as day, now() - w * interval '20 days' as at
         from groups g cross join generate_series(1, 30) w where g.farm_id = any($1::uuid[])) b
   join animal_groups ag on ag.farm_id = b.farm_id and ag.group_id = b.group_id`,
  `insert into care_entries (id, farm_id, animal_id, batch_id, group_id, type, date_recorded, title,
     note_content, created_at, updated_at, recorded_by)
   select gen_random_uuid(), a.farm_id, a.id, gen_random_uuid(), null, 'note', current_date - k * 60 - 3,
     'Own note ' || k, 'Limping a little on the left hind leg.', now() - k * interval '60 days',
     now() - k * interval '60 days', fm.user_id
   from animals a cross join generate_series(1, 10) k
   left join farm_members fm on fm.farm_id = a.farm_id and fm.role = 'owner'
   where a.farm_id = any($1::uuid[])`,
  `insert into reminders (id, farm_id, animal_id, title, type, due_date, completed)
   select gen_random_uuid(), a.farm_id, a.id, 'Hoof trim - ' || a.name, 'routine', current_date + (k - 3) * 7, k = 1
   from animals a cross join generate_series(1, 2) k
   where a.farm_id = any($1::uuid[]) and a.name in ('Animal 1', 'Animal 2', 'Animal 3')`,
  `insert into reminders (id, farm_id, group_id, title, type, due_date, repeat_every, repeat_unit)
   select gen_random_uuid(), g.farm_id, g.id, 'Deworm ' || g.name, 'medical', current_date + (k - 2) * 14, 1, 'month'
   from groups g cross join generate_series(1, 2) k where g.farm_id = any($1::uuid[])`,
  // the daily round (issue 31 item 3): 90 days of eggs from Group 1, 40 of milk from Group 2, a
  // cabinet of 5 medicines with 2 lots each (stock received), and 60 money entries
  `insert into egg_collections (id, farm_id, group_id, collected_on, eggs, cracked, recorded_by)
   select gen_random_uuid(), g.farm_id, g.id, current_date - d, 8 + d % 5, d % 2, ${owner('g.farm_id')}
   from groups g cross join generate_series(0, 89) d
   where g.farm_id = any($1::uuid[]) and g.name = 'Group 1'`,
  // 40 days of milk, morning and evening, from Group 2's first five animals: 400 records a farm
  `insert into milk_records (id, farm_id, animal_id, group_id, milked_on, milking, amount, unit, recorded_by)
   select gen_random_uuid(), a.farm_id, a.id, g.id, current_date - d, m, 3 + (d % 4) * 0.25, 'lbs',
     ${owner('a.farm_id')}
   from groups g
   join lateral (select a.farm_id, a.id from animal_groups ag join animals a on a.farm_id = ag.farm_id
       and a.id = ag.animal_id where ag.farm_id = g.farm_id and ag.group_id = g.id order by a.name limit 5) a on true
   cross join generate_series(0, 39) d cross join unnest(array['morning', 'evening']::milking[]) m
   where g.farm_id = any($1::uuid[]) and g.name = 'Group 2'`,
  `insert into medicines (id, farm_id, name, unit, route, low_stock_level, meat_withdrawal_days)
   select gen_random_uuid(), f, 'Medicine ' || k, 'mL', 'injection', 40, 7 * k
   from unnest($1::uuid[]) f cross join generate_series(1, 5) k`,
  `insert into medicine_lots (id, farm_id, medicine_id, lot_number, expires_on)
   select gen_random_uuid(), m.farm_id, m.id, 'L' || k, current_date + k * 25
   from medicines m cross join generate_series(1, 2) k where m.farm_id = any($1::uuid[])`,
  `insert into stock_movements (id, farm_id, lot_id, kind, quantity, occurred_on)
   select gen_random_uuid(), l.farm_id, l.id, 'received', 30, current_date - 30
   from medicine_lots l where l.farm_id = any($1::uuid[])`,
  `insert into money_entries (id, farm_id, kind, occurred_on, amount, category, group_id, recorded_by)
   select gen_random_uuid(), g.farm_id, (array['expense', 'income'])[1 + k % 2], current_date - k * 5,
     10 + k, (array['Feed', 'Eggs'])[1 + k % 2], g.id, ${owner('g.farm_id')}
   from groups g cross join generate_series(1, 20) k where g.farm_id = any($1::uuid[])`,
];

/**
 * Fills the given farms (they exist, empty) in chunks, each statement one chunk; reports progress.
 * `history: false` leaves out the care entries.
 */
export async function seedFarms(
  execute: Execute,
  farmIds: string[],
  { chunk = 250, history = true }: { chunk?: number; history?: boolean } = {},
): Promise<void> {
  // without their history (care entries), farms are seeded in a moment (a test's other farms)
  const statements = history
    ? fill
    : fill.filter((statement) => !/^insert into care_entries/.test(statement));
  for (let start = 0; start < farmIds.length; start += chunk) {
    const ids = farmIds.slice(start, start + chunk);
    for (const statement of statements) await execute(statement, [ids]);
    if (farmIds.length > chunk)
      process.stdout.write(`\r  seeded ${Math.min(start + chunk, farmIds.length)} / ${farmIds.length} farms`);
  }
  if (farmIds.length > chunk) process.stdout.write('\n');
}

/**
 * Makes `count` empty farms, each made by its owner's account as sign-up makes it (the account's
 * trigger adds the farm, the membership and the profile), with a live session, and answers the
 * farms' ids.
 */
export async function newFarms(
  query: (text: string, values: unknown[]) => Promise<{ id: string }[]>,
  count: number,
): Promise<string[]> {
  if (count <= 0) return [];
  const owners = await query(
    `with owners as (
       insert into "user" (id, name, email, email_verified)
       select gen_random_uuid(), 'Bench owner ' || n, 'owner-' || gen_random_uuid() || '@bench.example', true
       from generate_series(1, $1::int) n
       returning id
     ), sessions as (
       insert into session (id, expires_at, token, user_id)
       select gen_random_uuid(), now() + interval '7 days', md5(random()::text) || md5(random()::text), id
       from owners
     )
     select id from owners`,
    [count],
  );
  // (a separate statement: the farms are the accounts' trigger's rows, made as the insert ends)
  const rows = await query(`select farm_id as id from profiles where user_id = any($1::uuid[])`, [
    owners.map((row) => row.id),
  ]);
  return rows.map((row) => row.id);
}
