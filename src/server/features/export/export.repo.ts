// The farm's records for export, a page at a time (keyset pages: a farm of any size is read in
// bounded memory). Every query filters by the caller's farm, and every join matches farm_id too.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/sql-text';
import { exitKindLabels, sexLabels, type ExitKind, type Sex } from '../../../shared/schemas/animals';
import { reminderWhat } from '../../../shared/care/reminder-title';
import { milkingLabels, type Milking } from '../../../shared/schemas/milk';
import { amountText, doseText, scheduleText } from '../../../shared/medicines/labels';
import { medicineRouteLabels, type MedicineRoute } from '../../../shared/schemas/care';
import { medicineUnitLabels, type Medicine, type MedicineUnit } from '../../../shared/schemas/medicines';

/** Rows per page: a few hundred KB of CSV at most. */
export const exportPageSize = 500;

export type Page = { rows: Record<string, unknown>[]; after: unknown[] | null };

/** One kind of record: its query (rows after `after`, by `keys`), and what the spreadsheet calls its columns. */
export type Sheet = {
  file: string;
  /** header → the row's field, and how a spreadsheet should read it when not as it is */
  columns: [header: string, field: string, format?: (value: unknown) => unknown][];
  keys: string[];
  query: (farmId: string, after: SQL) => SQL;
  /** a row as the spreadsheet shows it, where that is not the stored value */
  shown?: (row: Record<string, unknown>) => Record<string, unknown>;
};

const afterKeys = (keys: string[], after: unknown[] | null): SQL =>
  after
    ? sql`(${sql.raw(keys.join(', '))}) > (${sql.join(
        after.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql`true`;

export const sheets: Sheet[] = [
  {
    // by group (an animal in several goes with the first), then by name, both in the app's natural
    // order (natural_sort_key: 'pen 2' before 'Pen 10'); sexes and parents in words, as shown
    file: 'animals.csv',
    columns: [
      ['Name', 'name'],
      ['Tag', 'tag_id'],
      ['Electronic ID', 'electronic_id'],
      ['Species', 'species'],
      ['Breed', 'breed'],
      ['Sex', 'sex', (value) => (typeof value === 'string' ? (sexLabels[value as Sex] ?? value) : value)],
      ['Birth Date', 'birth_date'],
      ['Color', 'color'],
      ['Weight', 'weight'],
      ['Weight Unit', 'weight_unit'],
      ['Dam', 'dam'],
      ['Sire', 'sire'],
      ['Groups', 'groups'],
      // how it left the herd (decision 0043): blank while it is in it
      [
        'Left Herd',
        'exit_kind',
        (value) => (typeof value === 'string' ? (exitKindLabels[value as ExitKind] ?? value) : value),
      ],
      ['Left On', 'exit_on'],
      ['Exit Note', 'exit_note'],
      ['Sale Price', 'exit_price'],
      ['ID', 'id'],
    ],
    keys: ['no_group', 'group_key', 'name_key', 'id'],
    query: (farmId, after) => sql`
      select * from (
        select a.id, a.name, a.tag_id, a.electronic_id, s.name as species, a.breed, a.sex, a.birth_date::text as birth_date,
          a.color, trim_scale(a.weight)::text as weight, a.weight_unit,
          coalesce(dam.name, a.dam) as dam, coalesce(sire.name, a.sire) as sire,
          a.exit_kind, a.exit_on::text as exit_on, a.exit_note, a.exit_price::text as exit_price,
          (select string_agg(g.name, '; ' order by natural_sort_key(g.name) collate "C", g.id) from animal_groups ag
            join groups g on g.farm_id = ag.farm_id and g.id = ag.group_id
            where ag.farm_id = a.farm_id and ag.animal_id = a.id) as groups,
          case when first.key is null then 1 else 0 end as no_group,
          coalesce(first.key, '') collate "C" as group_key, a.name_key
        from animals a
        left join species s on s.id = a.species_id
        left join animals dam on dam.farm_id = a.farm_id and dam.id = a.dam_id
        left join animals sire on sire.farm_id = a.farm_id and sire.id = a.sire_id
        left join lateral (
          select min(natural_sort_key(g.name) collate "C") as key from animal_groups ag
            join groups g on g.farm_id = ag.farm_id and g.id = ag.group_id
            where ag.farm_id = a.farm_id and ag.animal_id = a.id
        ) first on true
        where a.farm_id = ${farmId}
      ) animal
      where ${after}
      order by no_group, group_key, name_key, id limit ${exportPageSize}`,
  },
  {
    file: 'groups.csv',
    columns: [
      ['Name', 'name'],
      ['Description', 'description'],
      ['Animals', 'animal_count'],
      ['ID', 'id'],
    ],
    keys: ['g.id'],
    query: (farmId, after) => sql`
      select g.id, g.name, g.description,
        (select count(*)::int from animal_groups ag where ag.farm_id = g.farm_id and ag.group_id = g.id) as animal_count
      from groups g where g.farm_id = ${farmId} and ${after}
      order by g.id limit ${exportPageSize}`,
  },
  {
    file: 'care-entries.csv',
    columns: [
      ['Date', 'date_recorded'],
      ['Type', 'type'],
      ['Animal', 'animal'],
      ['Group', 'group_name'],
      ['Title', 'title'],
      ['Medication', 'medication_name'],
      ['Dosage', 'dosage'],
      ['Dosage Unit', 'dosage_unit'],
      ['Route', 'route'],
      ['Lot Number', 'lot_number'],
      ['Given By', 'given_by'],
      ['Meat Withdrawal (days)', 'meat_withdrawal_days'],
      ['Milk Withdrawal (days)', 'milk_withdrawal_days'],
      ['Egg Withdrawal (days)', 'egg_withdrawal_days'],
      // given under organic rules: the periods beside it are the label's doubled (decision 0040)
      ['Organic', 'organic'],
      ['Weight', 'weight_value'],
      ['Weight Unit', 'weight_unit'],
      ['Body Condition', 'body_condition'],
      ['Note', 'note_content'],
      ['Batch ID', 'batch_id'],
      ['Animal ID', 'animal_id'],
      ['ID', 'id'],
    ],
    keys: ['e.date_recorded', 'e.id'],
    query: (farmId, after) => sql`
      select e.id, e.date_recorded::text as date_recorded, e.type, a.name as animal, g.name as group_name,
        e.title, e.medication_name, trim_scale(e.dosage)::text as dosage, e.dosage_unit, e.route, e.lot_number, e.given_by,
        e.meat_withdrawal_days, e.milk_withdrawal_days, e.egg_withdrawal_days,
        case when e.type = 'medical' then case when e.organic then 'yes' else 'no' end end as organic,
        trim_scale(e.weight_value)::text as weight_value, e.weight_unit, e.body_condition, e.note_content, e.batch_id,
        e.animal_id
      from care_entries e
      left join animals a on a.farm_id = e.farm_id and a.id = e.animal_id
      left join groups g on g.farm_id = e.farm_id and g.id = e.group_id
      where e.farm_id = ${farmId} and ${after}
      order by e.date_recorded, e.id limit ${exportPageSize}`,
  },
  {
    file: 'reminders.csv',
    columns: [
      ['Due Date', 'due_date'],
      ['Due Time', 'due_time'],
      ['Title', 'title'],
      ['Type', 'type'],
      ['Animal', 'animal'],
      ['Group', 'group_name'],
      ['Repeat Every', 'repeat_every'],
      ['Repeat Unit', 'repeat_unit'],
      ['Completed', 'completed'],
      ['Completed At', 'completed_at'],
      ['ID', 'id'],
    ],
    keys: ['r.due_date', 'r.id'],
    query: (farmId, after) => sql`
      select r.id, r.due_date::text as due_date, to_char(r.due_time, 'HH24:MI') as due_time, r.title, r.type, a.name as animal, g.name as group_name,
        r.repeat_every, r.repeat_unit, case when r.completed then 'yes' else 'no' end as completed,
        to_char(r.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as completed_at
      from reminders r
      left join animals a on a.farm_id = r.farm_id and a.id = r.animal_id
      left join groups g on g.farm_id = r.farm_id and g.id = r.group_id
      where r.farm_id = ${farmId} and ${after}
      order by r.due_date, r.id limit ${exportPageSize}`,
    // the app's title: what is due, with the Animal or Group column beside it (never the name twice)
    shown: (row) => ({
      ...row,
      title: reminderWhat({
        title: String(row.title),
        animalName: row.animal as string | null,
        groupName: row.group_name as string | null,
      }),
    }),
  },
  {
    file: 'breedings.csv',
    columns: [
      ['Dam', 'dam'],
      ['Sire', 'sire'],
      ['Bred On', 'bred_on'],
      ['Expected On', 'expected_on'],
      ['Born On', 'born_on'],
      ['Note', 'note'],
      ['ID', 'id'],
    ],
    keys: ['b.bred_on', 'b.id'],
    query: (farmId, after) => sql`
      select b.id, dam.name as dam, coalesce(sire.name, b.sire) as sire, b.bred_on::text as bred_on,
        b.expected_on::text as expected_on, b.born_on::text as born_on, b.note
      from breedings b
      join animals dam on dam.farm_id = b.farm_id and dam.id = b.dam_id
      left join animals sire on sire.farm_id = b.farm_id and sire.id = b.sire_id
      where b.farm_id = ${farmId} and ${after}
      order by b.bred_on, b.id limit ${exportPageSize}`,
  },
  {
    // eggs and milk (issue 26), a row a collection or a milking, told apart by 'Product': eggs are
    // counted, milk is an amount in its 'Unit' (as recorded); what was kept for sale and what was
    // thrown away (a withdrawal) side by side, in the row's own count or unit
    file: 'production.csv',
    columns: [
      ['Date', 'day'],
      ['Product', 'product'],
      ['Group', 'group_name'],
      ['Animal', 'animal'],
      [
        'Milking',
        'milking',
        (value) => (typeof value === 'string' ? milkingLabels[value as Milking] : value),
      ],
      ['Eggs', 'eggs'],
      ['Milk', 'milk'],
      ['Unit', 'unit'],
      ['Saleable', 'saleable'],
      ['Discarded', 'discarded'],
      ['Cracked', 'cracked'],
      ['Dirty', 'dirty'],
      ['Small', 'small'],
      ['Note', 'note'],
      ['ID', 'id'],
    ],
    keys: ['p.day', 'p.product', 'p.id'],
    query: (farmId, after) => sql`
      select * from (
        select e.id, e.collected_on::text as day, 'Eggs' as product, g.name as group_name,
          null::text as animal, null::text as milking, e.eggs::text as eggs, null::text as milk,
          null::text as unit, (e.eggs - e.discarded)::text as saleable, e.discarded::text as discarded,
          e.cracked::text as cracked, e.dirty::text as dirty, e.small::text as small, e.note
        from egg_collections e
        left join groups g on g.farm_id = e.farm_id and g.id = e.group_id
        where e.farm_id = ${farmId}
        union all
        select m.id, m.milked_on::text, 'Milk', g.name, a.name, m.milking::text, null,
          trim_scale(m.amount)::text, m.unit::text, trim_scale(m.amount - m.discarded)::text,
          trim_scale(m.discarded)::text, null, null, null, m.note
        from milk_records m
        join animals a on a.farm_id = m.farm_id and a.id = m.animal_id
        left join groups g on g.farm_id = m.farm_id and g.id = m.group_id
        where m.farm_id = ${farmId}
      ) p
      where ${after}
      order by p.day, p.product, p.id limit ${exportPageSize}`,
  },
  {
    // the cabinet (issue 27): each medicine with its stock in hand on the farm's today, expired
    // lots apart, and its lots that hold stock; the movements are in the JSON document
    file: 'medicines.csv',
    columns: [
      ['Name', 'name'],
      ['Active Ingredient', 'active_ingredient'],
      ['Unit', 'unit', (value) => medicineUnitLabels[value as MedicineUnit] ?? value],
      ['Route', 'route', (value) => (value ? (medicineRouteLabels[value as MedicineRoute] ?? value) : value)],
      ['Dose', 'dose'],
      ['Meat Withdrawal (days)', 'meat_withdrawal_days'],
      ['Milk Withdrawal (days)', 'milk_withdrawal_days'],
      ['Egg Withdrawal (days)', 'egg_withdrawal_days'],
      ['Schedule', 'schedule'],
      ['In Stock', 'in_stock'],
      ['Expired Stock', 'expired_stock'],
      ['Low Stock Level', 'low_stock_level'],
      ['Lots', 'lots'],
      ['Notes', 'notes'],
      ['Archived', 'archived_on'],
      ['ID', 'id'],
    ],
    keys: ['name_key', 'id'],
    query: (farmId, after) => sql`
      select * from (
        select m.id, natural_sort_key(m.name) collate "C" as name_key, m.name, m.active_ingredient, m.unit,
          m.route, m.dose_kind, m.dose_amount::float8 as dose_amount, m.dose_per_weight::float8 as dose_per_weight,
          m.dose_weight_unit, m.dose_max::float8 as dose_max, m.meat_withdrawal_days, m.milk_withdrawal_days,
          m.egg_withdrawal_days, m.schedule_initial_doses, m.schedule_days_apart, m.schedule_booster_months,
          trim_scale(m.low_stock_level)::text as low_stock_level, m.notes,
          (m.archived_at at time zone f.time_zone)::date::text as archived_on,
          trim_scale(coalesce(sum(lot.stock) filter (where not lot.expired), 0))::text as in_stock,
          trim_scale(coalesce(sum(lot.stock) filter (where lot.expired), 0))::text as expired_stock,
          json_agg(json_build_object('lotNumber', lot.lot_number, 'expiresOn', lot.expires_on::text,
            'stock', lot.stock::float8, 'expired', lot.expired) order by lot.expires_on nulls last, lot.id)
            filter (where lot.stock > 0)::text as lot_list
        from medicines m
        join farms f on f.id = m.farm_id
        left join lateral (
          select l.id, l.lot_number, l.expires_on, coalesce(sum(s.quantity), 0) as stock,
            coalesce(l.expires_on < (now() at time zone f.time_zone)::date, false) as expired
          from medicine_lots l
          left join stock_movements s on s.farm_id = l.farm_id and s.lot_id = l.id
          where l.farm_id = m.farm_id and l.medicine_id = m.id
          group by l.farm_id, l.id
        ) lot on true
        where m.farm_id = ${farmId}
        group by m.farm_id, m.id, f.time_zone
      ) medicine
      where ${after}
      order by name_key, id limit ${exportPageSize}`,
    shown: (row) => {
      const unit = row.unit as MedicineUnit;
      const dose = (
        row.dose_kind === 'fixed'
          ? { kind: 'fixed', amount: row.dose_amount }
          : row.dose_kind === 'by-weight'
            ? {
                kind: 'by-weight',
                amount: row.dose_amount,
                perWeight: row.dose_per_weight,
                weightUnit: row.dose_weight_unit,
                maxDose: row.dose_max,
              }
            : null
      ) as Medicine['dose'];
      const schedule = (
        row.schedule_initial_doses == null
          ? null
          : {
              initialDoses: row.schedule_initial_doses,
              daysApart: row.schedule_days_apart,
              boosterMonths: row.schedule_booster_months,
            }
      ) as Medicine['schedule'];
      const lots = JSON.parse((row.lot_list as string | null) ?? '[]') as {
        lotNumber: string | null;
        expiresOn: string | null;
        stock: number;
        expired: boolean;
      }[];
      return {
        ...row,
        dose: doseText(dose, unit),
        schedule: scheduleText(schedule),
        lots: lots
          .map(
            (lot) =>
              `${lot.lotNumber ?? 'No lot number'}: ${amountText(lot.stock, unit)}${
                lot.expiresOn ? `, ${lot.expired ? 'expired' : 'expires'} ${lot.expiresOn}` : ''
              }`,
          )
          .join('; '),
      };
    },
  },
  {
    // the farm's money (issue 28): its entries and the cabinet's stock received with a price (a
    // Medicine expense, as on the Money page), in the farm's currency
    file: 'money.csv',
    columns: [
      ['Date', 'day'],
      ['Type', 'kind', (value) => (value === 'income' ? 'Income' : 'Expense')],
      ['Category', 'category'],
      ['Amount', 'amount'],
      ['Currency', 'currency'],
      ['Group', 'group_name'],
      ['Animal', 'animal_name'],
      ['Quantity', 'quantity'],
      ['Quantity Unit', 'quantity_unit'],
      ['Note', 'note'],
      ['ID', 'id'],
    ],
    keys: ['m.day', 'm.id'],
    query: (farmId, after) => sql`
      select * from (
        select e.id, e.occurred_on::text as day, e.kind, e.category, e.amount::text as amount, f.currency,
          g.name as group_name, a.name as animal_name, trim_scale(e.quantity)::text as quantity,
          e.quantity_unit, e.note
        from money_entries e
        join farms f on f.id = e.farm_id
        left join groups g on g.farm_id = e.farm_id and g.id = e.group_id
        left join animals a on a.farm_id = e.farm_id and a.id = e.animal_id
        where e.farm_id = ${farmId}
        union all
        select l.id, coalesce(received.occurred_on, (l.created_at at time zone f.time_zone)::date)::text,
          'expense', 'Medicine', l.price::numeric(12, 2)::text, f.currency, null, null,
          trim_scale(received.quantity)::text, m.unit::text, m.name || coalesce(', lot ' || l.lot_number, '')
        from medicine_lots l
        join medicines m on m.farm_id = l.farm_id and m.id = l.medicine_id
        join farms f on f.id = l.farm_id
        left join lateral (
          select s.occurred_on, s.quantity from stock_movements s
          where s.farm_id = l.farm_id and s.lot_id = l.id and s.kind = 'received'
          order by s.occurred_on, s.created_at limit 1
        ) received on true
        where l.farm_id = ${farmId} and l.price is not null
      ) m
      where ${after}
      order by m.day, m.id limit ${exportPageSize}`,
  },
];

/** The farm's settings as the JSON export's head holds them. */
export type FarmSettingsRow = {
  name: string | null;
  time_zone: string;
  weight_unit: string;
  milk_unit: string;
  organic: boolean;
  currency: string;
};

/** The farm's own rows of a table for the JSON export, by its key columns (no farm_id in them). */
export type Table = { name: string; keys: string[]; omit: string[] };

/**
 * What the JSON document holds, parents first (the order an import inserts them). Left out: what
 * triggers derive (group_log, the list items of animals, care entries, egg collections and money
 * entries, latest withdrawal days, group ids), photo keys (the photos are not in the document), and
 * secrets (share links, calendar feed).
 */
export const tables: Table[] = [
  { name: 'species', keys: ['id'], omit: [] },
  { name: 'species_gestation', keys: ['species_id'], omit: [] },
  { name: 'groups', keys: ['id'], omit: [] },
  {
    name: 'animals',
    keys: ['id'],
    omit: [
      'photo_key',
      'name_key',
      'group_ids',
      'list_item',
      'meat_withdrawal_until',
      'milk_withdrawal_until',
      'egg_withdrawal_until',
      'withdrawal_organic',
    ],
  },
  { name: 'animal_groups', keys: ['animal_id', 'group_id'], omit: [] },
  // before the care entries given from them (care_entries.medicine_id, migration 0032)
  { name: 'medicines', keys: ['id'], omit: [] },
  { name: 'medicine_lots', keys: ['id'], omit: [] },
  // who recorded an entry is an account of this server: never exported, never taken from a file;
  // its history item is derived by a trigger (migration 0041)
  { name: 'care_entries', keys: ['id'], omit: ['recorded_by', 'item'] },
  { name: 'reminders', keys: ['id'], omit: [] },
  { name: 'reminder_animals', keys: ['reminder_id', 'animal_id'], omit: [] },
  { name: 'breedings', keys: ['id'], omit: [] },
  { name: 'egg_collections', keys: ['id'], omit: ['recorded_by', 'item'] },
  { name: 'milk_records', keys: ['id'], omit: ['recorded_by'] },
  { name: 'stock_movements', keys: ['id'], omit: ['recorded_by'] },
  // after the groups and animals they name (an animal's sale among them)
  // its list item derived by a trigger (migration 0044)
  { name: 'money_entries', keys: ['id'], omit: ['recorded_by', 'item'] },
];

export function createExportRepo(db: Database) {
  async function page(query: SQL, keys: string[]): Promise<Page> {
    const rows = await queryRows<Record<string, unknown>>(db, query);
    const last = rows.at(-1);
    const fields = keys.map((key) => key.split('.').pop()!);
    return {
      rows,
      after: rows.length === exportPageSize && last ? fields.map((field) => last[field]) : null,
    };
  }

  return {
    farm: async (farmId: string) =>
      (
        await queryRows<FarmSettingsRow>(
          db,
          sql`select name, time_zone, weight_unit, milk_unit, organic, currency from farms where id = ${farmId}`,
        )
      )[0],

    builtInSpecies: () =>
      queryRows<{ id: string; name: string }>(
        db,
        sql`select id, name from species where farm_id is null order by name`,
      ),

    sheetPage: (sheet: Sheet, farmId: string, after: unknown[] | null) =>
      page(sheet.query(farmId, afterKeys(sheet.keys, after)), sheet.keys),

    /** A page of the table's rows as JSON objects, without farm_id and the omitted columns. */
    tablePage: (table: Table, farmId: string, after: unknown[] | null) =>
      page(
        sql`select ${sql.raw(table.keys.join(', '))}, (to_jsonb(t) - ${sql.raw(
          ['farm_id', ...table.omit].map((column) => `'${column}'`).join(' - '),
        )})::text as json
          from ${sql.identifier(table.name)} t
          where farm_id = ${farmId} and ${afterKeys(table.keys, after)}
          order by ${sql.raw(table.keys.join(', '))} limit ${exportPageSize}`,
        table.keys,
      ),
  };
}

export type ExportRepo = ReturnType<typeof createExportRepo>;
