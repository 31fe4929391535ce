// What a demo farm holds, so that every screen has something to show: three groups, twenty animals
// of five species, a season of weekly weigh-ins (each animal's weight its latest), medicines (one
// still under a milk withdrawal), notes, a breeding with its reminder, a kid with its dam, and
// reminders overdue, due today and ahead. Plain inserts, so the app's triggers keep their derived
// rows as they do for the API's writes (what the app's code writes, they write too). Dates count
// back from today.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** name, species, breed, sex, age in days, group, tag, weight now (lbs) */
const herd: [string, string, string, string, number, string, string | null, number][] = [
  ['Clover', 'Goat', 'Nubian', 'female', 1460, 'Dairy Goats', 'NUB-101', 142],
  ['Hazel', 'Goat', 'Nubian', 'female', 1100, 'Dairy Goats', 'NUB-102', 135],
  ['Buttercup Mae of the Long Meadow', 'Goat', 'LaMancha', 'female', 900, 'Dairy Goats', 'LAM-201', 128],
  ['Willow', 'Goat', 'Alpine', 'female', 1800, 'Dairy Goats', 'ALP-301', 150],
  ['Pepper', 'Goat', 'Nigerian Dwarf', 'female', 700, 'Dairy Goats', 'ND-401', 62],
  ['Duke', 'Goat', 'Nubian', 'male', 1300, 'Dairy Goats', 'NUB-103', 185],
  ['Biscuit', 'Goat', 'Nigerian Dwarf', 'castrated_male', 500, 'Dairy Goats', 'ND-402', 58],
  ['Maple', 'Goat', 'Alpine', 'female', 120, 'Dairy Goats', 'ALP-302', 38],
  ['Henrietta', 'Chicken', 'Buff Orpington', 'female', 600, 'Laying Hens', null, 7.5],
  ['Goldie', 'Chicken', 'Buff Orpington', 'female', 600, 'Laying Hens', null, 7.2],
  ['Speckles', 'Chicken', 'Barred Rock', 'female', 400, 'Laying Hens', null, 6.8],
  ['Rosie', 'Chicken', 'Rhode Island Red', 'female', 400, 'Laying Hens', null, 6.1],
  ['Ginger', 'Chicken', 'Rhode Island Red', 'female', 800, 'Laying Hens', null, 6.4],
  ['Pearl', 'Chicken', 'Leghorn', 'female', 300, 'Laying Hens', null, 4.6],
  ['Red', 'Chicken', 'Rhode Island Red', 'male', 700, 'Laying Hens', null, 8.9],
  ['Dolly', 'Sheep', 'Romney', 'female', 1200, 'Fiber Flock', 'ROM-11', 165],
  ['Wooly', 'Sheep', 'Romney', 'female', 800, 'Fiber Flock', 'ROM-12', 150],
  ['Rambo', 'Sheep', 'Romney', 'male', 1000, 'Fiber Flock', 'ROM-13', 210],
  ['Aurora', 'Alpaca', 'Huacaya', 'female', 1500, 'Fiber Flock', 'ALP-A1', 145],
  ['Comet', 'Alpaca', 'Huacaya', 'castrated_male', 1100, 'Fiber Flock', 'ALP-A2', 160],
];

const values = (rows: unknown[][]) =>
  sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          row.map((cell) => sql`${cell}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );

/** Fills the (new, empty) demo farm `farmId`, inside the transaction that makes it. */
export async function seedDemoFarm(tx: Transaction, farmId: string): Promise<void> {
  for (const statement of demoSeed(farmId)) await tx.execute(statement);
}

/** The statements that fill the demo farm `farmId`, in order. */
function demoSeed(farmId: string): SQL[] {
  return [
    sql`insert into groups (id, farm_id, name, description, color) values
      (gen_random_uuid(), ${farmId}, 'Dairy Goats', 'Milkers, the buck and this year''s kid', 'rgba(34,197,94,1)'),
      (gen_random_uuid(), ${farmId}, 'Laying Hens', 'The coop by the orchard', 'rgba(239,133,50,1)'),
      (gen_random_uuid(), ${farmId}, 'Fiber Flock', 'Sheep and alpacas for the wool', 'rgba(59,130,246,1)')`,
    sql`insert into animals (id, farm_id, name, species_id, breed, sex, birth_date, tag_id, color)
      select gen_random_uuid(), ${farmId}, h.name, s.id, h.breed, h.sex::animal_sex, current_date - h.age::int, h.tag, null
      from (values ${values(herd.map(([name, species, breed, sex, age, , tag]) => [name, species, breed, sex, age, tag]))})
        as h(name, species, breed, sex, age, tag)
      join species s on s.farm_id is null and s.name = h.species`,
    sql`insert into animal_groups (farm_id, animal_id, group_id)
      select ${farmId}, a.id, g.id
      from (values ${values(herd.map(([name, , , , , group]) => [name, group]))}) as h(name, grp)
      join animals a on a.farm_id = ${farmId} and a.name = h.name
      join groups g on g.farm_id = ${farmId} and g.name = h.grp`,
    // twelve weekly weigh-ins of each group but the hens: a group batch a week, gaining toward today's weight
    sql`insert into care_entries (id, farm_id, animal_id, batch_id, group_id, type, date_recorded, weight_value, weight_unit, body_condition)
      select gen_random_uuid(), ${farmId}, a.id, b.batch_id, b.group_id, 'weight', current_date - b.w * 7,
        round((h.now::numeric * (1 - b.w * 0.012))::numeric, 1), 'lbs', case when b.w % 4 = 0 then 3 end
      from (select g.id as group_id, w, gen_random_uuid() as batch_id from groups g cross join generate_series(0, 11) w
            where g.farm_id = ${farmId} and g.name <> 'Laying Hens') b
      join animal_groups ag on ag.farm_id = ${farmId} and ag.group_id = b.group_id
      join animals a on a.farm_id = ${farmId} and a.id = ag.animal_id
      join (values ${values(herd.map(([name, , , , , , , now]) => [name, now]))}) as h(name, now) on h.name = a.name`,
    // each animal's weight is its latest weighing, as the app's writes keep it (care/weights.repo.ts): a
    // plain insert does not, and the details said 'Not set' beside a chart; the hens, never weighed
    // here, weigh what the herd says
    sql`update animals a set weight = coalesce(w.weight_value, h.now::numeric), weight_unit = coalesce(w.weight_unit, 'lbs')
      from (values ${values(herd.map(([name, , , , , , , now]) => [name, now]))}) as h(name, now)
      left join lateral (select e.weight_value, e.weight_unit from care_entries e
        where e.farm_id = ${farmId} and e.type = 'weight'
          and e.animal_id = (select id from animals where farm_id = ${farmId} and name = h.name)
        order by e.date_recorded desc, e.created_at desc limit 1) w on true
      where a.farm_id = ${farmId} and a.name = h.name`,
    // medicines: the goats' dewormer six weeks ago, the hens' coccidiostat, and Clover's penicillin still withdrawing
    sql`insert into care_entries (id, farm_id, animal_id, batch_id, group_id, type, date_recorded, medication_name,
        dosage, dosage_unit, route, given_by, meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days)
      select gen_random_uuid(), ${farmId}, ag.animal_id, m.batch_id, m.group_id, 'medical', current_date - m.ago,
        m.medicine, m.dosage, m.unit, m.route, 'Sam (farm hand)', m.meat, m.milk, m.eggs
      from (select g.id as group_id, gen_random_uuid() as batch_id, x.* from groups g
            join (values ('Dairy Goats', 42, 'Ivermectin', 3.0, 'mL', 'oral', 14, 9, null),
                         ('Laying Hens', 20, 'Amprolium', 1.5, 'mL', 'oral', null, null, 0))
              as x(grp, ago, medicine, dosage, unit, route, meat, milk, eggs) on x.grp = g.name
            where g.farm_id = ${farmId}) m
      join animal_groups ag on ag.farm_id = ${farmId} and ag.group_id = m.group_id`,
    sql`insert into care_entries (id, farm_id, animal_id, batch_id, type, date_recorded, medication_name, dosage,
        dosage_unit, route, lot_number, given_by, meat_withdrawal_days, milk_withdrawal_days)
      select gen_random_uuid(), ${farmId}, a.id, gen_random_uuid(), 'medical', current_date - 2, 'Penicillin G', 5,
        'mL', 'injection', 'PEN-2291', 'Dr. Alvarez', 10, 4
      from animals a where a.farm_id = ${farmId} and a.name = 'Clover'`,
    sql`insert into care_entries (id, farm_id, animal_id, batch_id, type, date_recorded, title, note_content)
      select gen_random_uuid(), ${farmId}, a.id, gen_random_uuid(), 'note', current_date - n.ago, n.title, n.body
      from (values ('Clover', 3, 'Mastitis check', 'Left half warm and firm; called the vet. Milk goes to the pigs until clear.'),
                   ('Maple', 10, 'Weaned', 'Off the bottle today. Eating hay and a little grain.'),
                   ('Pearl', 5, 'Broody', 'Sitting on the nest all day; moved her to the broody box.'),
                   ('Rambo', 30, 'Hoof trim', 'Front left overgrown again; trimmed and sprayed.'))
        as n(name, ago, title, body)
      join animals a on a.farm_id = ${farmId} and a.name = n.name`,
    // Hazel bred by Duke, with the reminder 'Record Breeding' makes: 'Birth expected {MMM d, yyyy}:
    // {dam}' a week before (breeding.service.ts; to_char's 'Mon FMDD, YYYY' is mediumDate's text)
    sql`with pair as (
        select dam.id as dam_id, sire.id as sire_id, sire.name as sire, gen_random_uuid() as reminder_id
        from animals dam, animals sire
        where dam.farm_id = ${farmId} and dam.name = 'Hazel' and sire.farm_id = ${farmId} and sire.name = 'Duke'),
      reminder as (
        insert into reminders (id, farm_id, animal_id, title, type, due_date)
        select reminder_id, ${farmId}, dam_id, 'Birth expected ' || to_char(current_date + 90, 'Mon FMDD, YYYY') || ': Hazel',
          'general', current_date + 83
        from pair returning id)
      insert into breedings (id, farm_id, dam_id, sire_id, sire, bred_on, gestation_days, expected_on, note, reminder_id)
      select gen_random_uuid(), ${farmId}, pair.dam_id, pair.sire_id, pair.sire, current_date - 60, 150, current_date + 90,
        'Pen bred', reminder.id
      from pair join reminder on reminder.id = pair.reminder_id`,
    // Maple, this year's kid, is Willow's: her pedigree and Willow's offspring say so
    sql`update animals kid set dam_id = dam.id, dam = dam.name
      from animals dam
      where kid.farm_id = ${farmId} and kid.name = 'Maple' and dam.farm_id = ${farmId} and dam.name = 'Willow'`,
    // reminders: two overdue, two due today, three ahead (one repeating)
    sql`insert into reminders (id, farm_id, animal_id, group_id, title, type, due_date, repeat_every, repeat_unit, repeat_from)
      select gen_random_uuid(), ${farmId}, a.id, g.id, r.title, r.type::reminder_type, current_date + r.days,
        r.every, r.unit::repeat_unit, 'due'::repeat_from
      from (values ('Dairy Goats', null, 'Trim hooves', 'routine', -3, null, null),
                   ('Fiber Flock', null, 'Deworm the flock', 'medical', -1, null, null),
                   ('Laying Hens', null, 'Clean the nest boxes', 'routine', 0, 1, 'week'),
                   (null, 'Clover', 'Recheck udder', 'medical', 0, null, null),
                   (null, 'Maple', 'Weigh the kid', 'weight', 5, null, null),
                   ('Fiber Flock', null, 'Shearing day', 'general', 14, null, null),
                   ('Dairy Goats', null, 'CDT booster', 'medical', 30, 12, 'month'))
        as r(grp, animal, title, type, days, every, unit)
      left join groups g on g.farm_id = ${farmId} and g.name = r.grp
      left join animals a on a.farm_id = ${farmId} and a.name = r.animal`,
  ];
}
