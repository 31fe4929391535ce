// Animal, membership and species queries. Every one filters by the caller's farm, and joins match
// farm_id as well as the id (ids are scoped by farm: two farms may hold the same one). A list is ONE
// statement whatever the herd's size: a list joins the animals' list items (kept with each row by
// a trigger); one animal has its species by join and its group chips by a json_agg subquery.
import { and, asc, eq, inArray, isNull, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { defaultGestationDays } from '../../../shared/animals/breeding';
import { kilogramsPerPound } from '../../../shared/units/weights';
import {
  noGroup,
  type Animal,
  type AnimalListFilter,
  type Sex,
  type Species,
} from '../../../shared/schemas/animals';
import type { WithdrawalEnds } from '../../../shared/care/withdrawal';
import type { AnimalExit, ExitKind } from '../../../shared/schemas/animals';
import type { WeightUnit } from '../../../shared/schemas/profile';
import type { Database } from '../../db/database';
import { lockFarm } from '../../db/farm-lock';
import {
  animalGroups,
  animals,
  breedings,
  careEntries,
  groups,
  milkRecords,
  species,
  speciesGestation,
} from '../../db/schema';
import { animalNameOrder, containsPattern, queryRows } from '../../db/sql-text';

export type AnimalValues = {
  name: string;
  breed: string | null;
  sex: Sex | null;
  birthDate: string | null;
  weight: number | null;
  weightUnit: WeightUnit | null;
  speciesId: string | null;
  color: string | null;
  dam: string | null;
  sire: string | null;
  damId: string | null;
  sireId: string | null;
  tagId: string | null;
  electronicId: string | null;
};

export type AnimalRow = Omit<Animal, 'photoUrl' | 'thumbnailUrl' | 'createdAt' | 'updatedAt'> & {
  photoKey: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const groupChips = sql<{ id: string; name: string; color: string }[]>`coalesce((
  select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.name, g.id)
  from ${animalGroups} ag join ${groups} g on g.farm_id = ag.farm_id and g.id = ag.group_id
  where ag.farm_id = ${animals.farmId} and ag.animal_id = ${animals.id}
), '[]'::json)`.as('groups');

/**
 * The last day of each withdrawal, kept on the row by triggers (migration 0010); null for none.
 * `organic` only when some of them come from an organic treatment (migration 0034), as the list item.
 */
const withdrawalEnds = sql<WithdrawalEnds | null>`case
  when coalesce(${animals.meatWithdrawalUntil}, ${animals.milkWithdrawalUntil}, ${animals.eggWithdrawalUntil}) is null then null
  when cardinality(${animals.withdrawalOrganic}) > 0
  then json_build_object('meat', ${animals.meatWithdrawalUntil}, 'milk', ${animals.milkWithdrawalUntil}, 'eggs', ${animals.eggWithdrawalUntil}, 'organic', ${animals.withdrawalOrganic})
  else json_build_object('meat', ${animals.meatWithdrawalUntil}, 'milk', ${animals.milkWithdrawalUntil}, 'eggs', ${animals.eggWithdrawalUntil}) end`.as(
  'withdrawal',
);
/** How it left the herd (decision 0043), or null while it is in it. */
const exitState = sql<AnimalExit | null>`case when ${animals.exitKind} is null then null
  else json_build_object('kind', ${animals.exitKind}, 'date', ${animals.exitOn}, 'note', ${animals.exitNote},
    'price', ${animals.exitPrice}::float8) end`.as('exit');
/** In the herd: not sold, died, culled, given away or lost. Lists show these unless asked for the past ones. */
const present = sql`${animals.exitKind} is null`;
/** Its latest last day: the withdrawal filter's index expression (migration 0010). */
const withdrawalLatest = sql`greatest(${animals.meatWithdrawalUntil}, ${animals.milkWithdrawalUntil}, ${animals.eggWithdrawalUntil})`;
const withdrawalKept = sql`coalesce(${animals.meatWithdrawalUntil}, ${animals.milkWithdrawalUntil}, ${animals.eggWithdrawalUntil}) is not null`;

const byName = [animalNameOrder, asc(animals.id)];

/**
 * A tag as a lookup compares it: any case, without spaces or dashes ('g103' finds 'G-103'). The
 * index animals_farm_id_tag_key_idx (migration 0038) holds this expression of tag_id; tagKey in
 * shared/animals/electronic-id.ts is the browser's twin.
 */
const tagKeyOf = (text: SQLWrapper | string) => sql`lower(regexp_replace(${text}, '[[:space:]-]+', '', 'g'))`;

/** A unique violation of the farm's Electronic IDs (migration 0038), on PostgreSQL or PGlite. */
export const isElectronicIdTaken = (error: unknown) => {
  const cause = (error as { cause?: { code?: unknown; constraint?: unknown; message?: unknown } }).cause;
  return (
    cause?.code === '23505' &&
    (cause.constraint === 'animals_farm_id_electronic_id_idx' ||
      String(cause.message).includes('animals_farm_id_electronic_id_idx'))
  );
};

/** The weight in kilograms whatever unit it was recorded in (no unit: lbs, as SPEC's first weights). */
const weightInKilograms = sql`(${animals.weight} * case when ${animals.weightUnit} = 'kg' then 1 else ${sql.raw(String(kilogramsPerPound))} end)`;

const orderings: Record<NonNullable<AnimalListFilter['sort']>, SQL[]> = {
  name: byName,
  // No birth date or no weight: last, whichever way the list runs.
  youngest: [sql`${animals.birthDate} desc nulls last`, ...byName],
  oldest: [sql`${animals.birthDate} asc nulls last`, ...byName],
  heaviest: [sql`${weightInKilograms} desc nulls last`, ...byName],
  lightest: [sql`${weightInKilograms} asc nulls last`, ...byName],
};

const inGroup = (groupId: SQLWrapper | string) =>
  sql`exists (select 1 from ${animalGroups} ag where ag.farm_id = ${animals.farmId} and ag.animal_id = ${animals.id} and ag.group_id = ${groupId})`;
const inNoGroup = sql`not exists (select 1 from ${animalGroups} ag where ag.farm_id = ${animals.farmId} and ag.animal_id = ${animals.id})`;

export type ParentCandidate = {
  id: string;
  name: string;
  birthDate: string | null;
  descends: boolean;
  childBirthDate: string | null;
};

/** A species as the API answers it: the farm's own gestation, else a built-in one's default. */
function speciesOf(row: { id: string; name: string }, owner: string | null, days: number | null): Species {
  return {
    ...row,
    custom: owner !== null,
    gestationDays: days ?? (owner === null ? (defaultGestationDays[row.name] ?? null) : null),
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An exit as the repo writes it. */
export type ExitValues = { kind: ExitKind; date: string; note: string | null; price: number | null };

export function createAnimalsRepo(db: Database) {
  const select = (where: SQL | undefined, orderBy: SQL[] = byName) =>
    db
      .select({
        id: animals.id,
        name: animals.name,
        breed: animals.breed,
        sex: animals.sex,
        birthDate: animals.birthDate,
        weight: animals.weight,
        weightUnit: animals.weightUnit,
        speciesId: animals.speciesId,
        speciesName: species.name,
        color: animals.color,
        dam: animals.dam,
        sire: animals.sire,
        damId: animals.damId,
        sireId: animals.sireId,
        tagId: animals.tagId,
        electronicId: animals.electronicId,
        photoKey: animals.photoKey,
        groups: groupChips,
        withdrawal: withdrawalEnds,
        exit: exitState,
        createdAt: animals.createdAt,
        updatedAt: animals.updatedAt,
      })
      .from(animals)
      .leftJoin(species, eq(species.id, animals.speciesId))
      .where(where)
      .orderBy(...orderBy);

  /**
   * A list as the JSON text of AnimalListItem[] (shared/schemas/animals.ts) in one statement: each
   * animal's list item is kept with its row (animals.list_item, migration 0007), so the database
   * only joins texts, and Node neither parses rows nor serialises them.
   */
  const listText = (where: SQL | undefined, orderBy: SQL[] = byName) =>
    db
      .select({
        body: sql<string>`'[' || coalesce(string_agg(${animals.listItem}, ',' order by ${sql.join(orderBy, sql`, `)}), '') || ']'`,
      })
      .from(animals)
      .where(where);

  const farm = eq(animals.farmId, sql.placeholder('farmId'));
  const listStatement = listText(and(farm, present)).prepare('animals_list');
  const listInGroupStatement = listText(and(farm, inGroup(sql.placeholder('groupId')))).prepare(
    'animals_list_in_group',
  );
  const findStatement = select(and(farm, eq(animals.id, sql.placeholder('id')))).prepare('animals_find');

  /** Of the given ids, those naming this farm's groups. */
  async function farmGroupIds(farmId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.farmId, farmId), inArray(groups.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The JSON text of AnimalListItem[]. */
  async function list(farmId: string, filter: { groupId?: string } = {}): Promise<string> {
    const [row] = filter.groupId
      ? await listInGroupStatement.execute({ farmId, groupId: filter.groupId })
      : await listStatement.execute({ farmId });
    return row!.body;
  }

  return {
    /** All the farm's animals (or one group's) by name: prepared, the unfiltered list's hot path. */
    list,

    /**
     * The farm's animals matching every filter given, in the order asked: ONE statement whatever
     * the filters. A group id of another farm matches no membership of this farm's animals.
     */
    async search(farmId: string, filter: AnimalListFilter, today?: string): Promise<string> {
      // `today`: the farm's date, which the withdrawal filter needs
      const { q, group, species: speciesId, sex, withdrawal, sort = 'name', past } = filter;
      if (!q && !group && !speciesId && !sex && !withdrawal && !past && sort === 'name') return list(farmId);
      const pattern = q ? containsPattern(q) : undefined;
      const [row] = await listText(
        and(
          eq(animals.farmId, farmId),
          past ? undefined : present,
          pattern
            ? or(
                sql`${animals.name} ilike ${pattern}`,
                sql`${animals.tagId} ilike ${pattern}`,
                sql`${animals.electronicId} ilike ${pattern}`,
                sql`${animals.breed} ilike ${pattern}`,
              )
            : undefined,
          group === noGroup ? inNoGroup : group ? inGroup(group) : undefined,
          speciesId ? eq(animals.speciesId, speciesId) : undefined,
          sex ? eq(animals.sex, sex) : undefined,
          withdrawal ? and(withdrawalKept, sql`${withdrawalLatest} >= ${today ?? null}::date`) : undefined,
        ),
        orderings[sort],
      );
      return row!.body;
    },

    async find(farmId: string, id: string): Promise<AnimalRow | undefined> {
      const [row] = await findStatement.execute({ farmId, id });
      return row;
    },

    farmGroupIds,

    /**
     * The farm's animal a tag reader's code names: its Electronic ID (spaces and dashes dropped), else
     * its tag ignoring case, spaces and dashes; one in the herd before a past one, then by name.
     * Both by index (migration 0038).
     */
    async byTag(farmId: string, code: string): Promise<{ id: string; name: string } | undefined> {
      const digits = sql`regexp_replace(${code}::text, '[[:space:]-]+', '', 'g')`;
      const [row] = await queryRows<{ id: string; name: string }>(
        db,
        sql`select a.id, a.name from ${animals} a
          where a.farm_id = ${farmId} and (
            (a.electronic_id is not null and a.electronic_id = ${digits})
            or (a.tag_id is not null and ${tagKeyOf(sql`a.tag_id`)} = ${tagKeyOf(sql`${code}::text`)}))
          order by (a.electronic_id is not null and a.electronic_id = ${digits}) desc, a.exit_kind is null desc,
            a.name_key, a.id
          limit 1`,
      );
      return row;
    },

    /** The farm's animal (other than `exceptId`) holding this Electronic ID, by name. */
    async electronicIdHolder(farmId: string, electronicId: string, exceptId: string | undefined) {
      const [row] = await db
        .select({ name: animals.name })
        .from(animals)
        .where(
          and(
            eq(animals.farmId, farmId),
            eq(animals.electronicId, electronicId),
            exceptId ? sql`${animals.id} <> ${exceptId}` : undefined,
          ),
        );
      return row?.name;
    },

    /**
     * Of the given ids, this farm's animals with their names and birth dates, whether `animalId` is
     * among each one's ancestors (it would then descend from itself), and `animalId`'s own birth
     * date as stored: ONE recursive statement up the links.
     */
    async parentCandidates(
      farmId: string,
      ids: string[],
      animalId: string | undefined,
    ): Promise<ParentCandidate[]> {
      const uuids = `{${ids.join(',')}}`;
      return queryRows<ParentCandidate>(
        db,
        sql`
        with recursive up (id, start) as (
          select a.id, a.id from ${animals} a where a.farm_id = ${farmId} and a.id = any(${uuids}::uuid[])
          union
          select p.parent, up.start
          from up join ${animals} a on a.farm_id = ${farmId} and a.id = up.id
          cross join lateral (values (a.dam_id), (a.sire_id)) as p (parent)
          where p.parent is not null
        )
        select a.id, a.name, a.birth_date::text as "birthDate",
          exists (select 1 from up where up.start = a.id and up.id = ${animalId ?? null}::uuid) as descends,
          (select c.birth_date::text from ${animals} c
            where c.farm_id = ${farmId} and c.id = ${animalId ?? null}::uuid) as "childBirthDate"
        from ${animals} a where a.farm_id = ${farmId} and a.id = any(${uuids}::uuid[])`,
      );
    },

    /**
     * An animal's pedigree (its ancestors to `depth` generations, linked or named) and offspring,
     * as the JSON text of AnimalFamily; null when the farm has no such animal. ONE statement: a
     * recursive walk up the links, and the offspring by the (farm, dam) and (farm, sire) indexes.
     */
    async family(farmId: string, id: string, depth: number): Promise<string | null> {
      const [row] = await queryRows<{ body: string | null }>(
        db,
        sql`
        with recursive tree (position, depth, id, name, dam_id, sire_id, dam, sire) as (
          select ''::text, 0, a.id, a.name, a.dam_id, a.sire_id, a.dam, a.sire
          from ${animals} a where a.farm_id = ${farmId} and a.id = ${id}
          union all
          select ltrim(t.position || '.' || p.side, '.'), t.depth + 1, pa.id, coalesce(pa.name, p.named),
            pa.dam_id, pa.sire_id, pa.dam, pa.sire
          from tree t
          cross join lateral (values ('dam', t.dam_id, t.dam), ('sire', t.sire_id, t.sire)) as p (side, parent, named)
          left join ${animals} pa on pa.farm_id = ${farmId} and pa.id = p.parent
          where t.depth < ${depth} and (t.id is not null or t.depth = 0)
            and coalesce(pa.name, p.named) is not null
        )
        select case when exists (select 1 from tree) then json_build_object(
          'pedigree', coalesce((select json_agg(json_build_object('position', t.position, 'id', t.id, 'name', t.name)
            order by t.depth, t.position collate "C") from tree t where t.depth > 0), '[]'::json),
          'offspring', coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name, 'sex', o.sex,
            'birthDate', o.birth_date, 'parent', case when o.dam_id = ${id} then 'dam' else 'sire' end)
            order by o.birth_date nulls last, o.name_key, o.id)
            from ${animals} o where o.farm_id = ${farmId} and (o.dam_id = ${id} or o.sire_id = ${id})), '[]'::json)
        )::text end as body`,
      );
      return row?.body ?? null;
    },

    /** Inserts the animal and its memberships in one transaction; false if this farm has the id. */
    async insert(farmId: string, id: string, values: AnimalValues, groupIds: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const written = await tx
          .insert(animals)
          .values({ ...values, id, farmId })
          .onConflictDoNothing({ target: [animals.farmId, animals.id] })
          .returning({ id: animals.id });
        if (!written.length) return false;
        if (groupIds.length) {
          await tx
            .insert(animalGroups)
            .values(groupIds.map((groupId) => ({ farmId, animalId: id, groupId })));
        }
        return true;
      });
    },

    /**
     * Changes fields and, when given, replaces the memberships; false if there is no such animal (or
     * it is a past one given groups).
     */
    async update(
      farmId: string,
      id: string,
      values: Partial<AnimalValues>,
      groupIds?: string[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockFarm(tx, farmId);
        // a past animal is in no group (decision 0043): it joins none but by 'Return to Herd'
        const updated = await tx
          .update(animals)
          .set({ ...values, updatedAt: new Date() })
          .where(
            and(
              eq(animals.farmId, farmId),
              eq(animals.id, id),
              groupIds?.length ? isNull(animals.exitKind) : undefined,
            ),
          )
          .returning({ id: animals.id });
        if (!updated.length) return false;
        if (groupIds) {
          await tx
            .delete(animalGroups)
            .where(
              and(
                eq(animalGroups.farmId, farmId),
                eq(animalGroups.animalId, id),
                groupIds.length ? notInArray(animalGroups.groupId, groupIds) : undefined,
              ),
            );
          if (groupIds.length) {
            await tx
              .insert(animalGroups)
              .values(groupIds.map((groupId) => ({ farmId, animalId: id, groupId })))
              .onConflictDoNothing();
          }
        }
        return true;
      });
    },

    /** Sets the photo key and answers the previous one (to delete its files), or undefined if no animal. */
    async setPhotoKey(
      farmId: string,
      id: string,
      photoKey: string | null,
    ): Promise<{ previous: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ photoKey: animals.photoKey })
          .from(animals)
          .where(and(eq(animals.farmId, farmId), eq(animals.id, id)))
          .for('update');
        if (!current) return undefined;
        await tx
          .update(animals)
          .set({ photoKey, updatedAt: new Date() })
          .where(and(eq(animals.farmId, farmId), eq(animals.id, id)));
        return { previous: current.photoKey };
      });
    },

    /**
     * What an exit's day must not precede: the animal's birth and its latest record (care, milk,
     * breeding); undefined
     * when the farm has no such animal. One statement.
     */
    async exitBounds(
      farmId: string,
      id: string,
    ): Promise<{ birthDate: string | null; lastRecord: string | null; exited: boolean } | undefined> {
      const [row] = await queryRows<{ birthDate: string | null; lastRecord: string | null; exited: boolean }>(
        db,
        sql`select a.birth_date::text as "birthDate", a.exit_kind is not null as exited,
            greatest(
              (select max(e.date_recorded) from ${careEntries} e where e.farm_id = a.farm_id and e.animal_id = a.id),
              (select max(m.milked_on) from ${milkRecords} m where m.farm_id = a.farm_id and m.animal_id = a.id),
              (select max(b.bred_on) from ${breedings} b where b.farm_id = a.farm_id and b.dam_id = a.id)
            )::text as "lastRecord"
          from ${animals} a where a.farm_id = ${farmId} and a.id = ${id}`,
      );
      return row;
    },

    /**
     * Marks the animal as gone (or changes how), in `tx`: the exit's columns, and it leaves its
     * groups, which it remembers (the first exit's) for 'Return to Herd'. False if no such animal.
     */
    async markExit(tx: Transaction, farmId: string, id: string, exit: ExitValues): Promise<boolean> {
      await lockFarm(tx, farmId);
      const [updated] = await queryRows<{ id: string }>(
        tx,
        sql`update ${animals} set exit_kind = ${exit.kind}, exit_on = ${exit.date}::date, exit_note = ${exit.note},
            exit_price = ${exit.price}::numeric, exit_group_ids = coalesce(exit_group_ids, group_ids), updated_at = now()
          where farm_id = ${farmId} and id = ${id} returning id`,
      );
      if (!updated) return false;
      await tx
        .delete(animalGroups)
        .where(and(eq(animalGroups.farmId, farmId), eq(animalGroups.animalId, id)));
      return true;
    },

    /**
     * 'Return to Herd': the exit undone, in `tx`, the animal back in the groups it left that still
     * exist. False if the farm has no such animal in the past.
     */
    async returnToHerd(tx: Transaction, farmId: string, id: string): Promise<boolean> {
      await lockFarm(tx, farmId);
      const [row] = await queryRows<{ groupIds: string }>(
        tx,
        sql`update ${animals} a set exit_kind = null, exit_on = null, exit_note = null, exit_price = null,
            exit_group_ids = null, updated_at = now()
          from (select exit_group_ids from ${animals} where farm_id = ${farmId} and id = ${id} for update) prior
          where a.farm_id = ${farmId} and a.id = ${id} and a.exit_kind is not null
          returning array_to_json(prior.exit_group_ids)::text as "groupIds"`,
      );
      if (!row) return false;
      await tx.execute(sql`insert into ${animalGroups} (farm_id, animal_id, group_id)
        select ${farmId}, ${id}, g.id from ${groups} g
        where g.farm_id = ${farmId} and g.id in (select value::uuid from json_array_elements_text(${row.groupIds}::json))
        on conflict do nothing`);
      return true;
    },

    /** Deletes the animal and its memberships; answers its photo key, or undefined if no animal. */
    async remove(farmId: string, id: string): Promise<{ photoKey: string | null } | undefined> {
      return db.transaction(async (tx) => {
        await lockFarm(tx, farmId);
        const [deleted] = await tx
          .delete(animals)
          .where(and(eq(animals.farmId, farmId), eq(animals.id, id)))
          .returning({ photoKey: animals.photoKey });
        return deleted;
      });
    },

    async listSpecies(farmId: string): Promise<Species[]> {
      const rows = await db
        .select({ id: species.id, name: species.name, farmId: species.farmId, days: speciesGestation.days })
        .from(species)
        .leftJoin(
          speciesGestation,
          and(eq(speciesGestation.farmId, farmId), eq(speciesGestation.speciesId, species.id)),
        )
        .where(or(isNull(species.farmId), eq(species.farmId, farmId)))
        .orderBy(asc(sql`lower(${species.name})`));
      return rows.map(({ farmId: owner, days, ...row }) => speciesOf(row, owner, days));
    },

    /** The farm's gestation for a species from now on (a breeding recorded with another length). */
    async setGestation(farmId: string, speciesId: string, days: number) {
      await db
        .insert(speciesGestation)
        .values({ farmId, speciesId, days })
        .onConflictDoUpdate({ target: [speciesGestation.farmId, speciesGestation.speciesId], set: { days } });
    },

    async speciesVisible(farmId: string, speciesId: string): Promise<boolean> {
      const rows = await db
        .select({ id: species.id })
        .from(species)
        .where(and(eq(species.id, speciesId), or(isNull(species.farmId), eq(species.farmId, farmId))));
      return rows.length === 1;
    },

    /** The built-in or own species of that name (any case), else a new one of this farm's. */
    async findOrCreateSpecies(farmId: string, name: string): Promise<{ species: Species; created: boolean }> {
      const existing = await db
        .select({ id: species.id, name: species.name, farmId: species.farmId })
        .from(species)
        .where(
          and(
            or(isNull(species.farmId), eq(species.farmId, farmId)),
            sql`lower(${species.name}) = lower(${name})`,
          ),
        )
        .limit(1);
      if (existing[0]) {
        const { farmId: owner, ...row } = existing[0];
        const [own] = await db
          .select({ days: speciesGestation.days })
          .from(speciesGestation)
          .where(and(eq(speciesGestation.farmId, farmId), eq(speciesGestation.speciesId, row.id)));
        return { species: speciesOf(row, owner, own?.days ?? null), created: false };
      }
      const [created] = await db
        .insert(species)
        .values({ farmId, name })
        .onConflictDoNothing()
        .returning({ id: species.id, name: species.name });
      if (!created) return this.findOrCreateSpecies(farmId, name); // a concurrent create won
      return { species: speciesOf(created, farmId, null), created: true };
    },
  };
}

export type AnimalsRepo = ReturnType<typeof createAnimalsRepo>;
