// Reading a farmer's spreadsheet of animals: which column is which (common header spellings
// matched automatically), and each row as an animal to import, or the problems that keep it out.
// Pure rules, used by the import page on every row before anything is sent.
import { importRowSchema, type ImportRow } from '../schemas/import';
import type { Sex } from '../schemas/animals';

export const importFields = [
  'name',
  'tagId',
  'electronicId',
  'species',
  'breed',
  'sex',
  'birthDate',
  'weight',
  'dam',
  'sire',
  'groups',
  'notes',
  'weighedOn',
] as const;
export type ImportField = (typeof importFields)[number];

export const importFieldLabels: Record<ImportField, string> = {
  name: 'Name',
  tagId: 'Tag',
  electronicId: 'Electronic ID',
  species: 'Species',
  breed: 'Breed',
  sex: 'Sex',
  birthDate: 'Birth Date',
  weight: 'Weight',
  dam: 'Dam',
  sire: 'Sire',
  groups: 'Group',
  notes: 'Notes',
  weighedOn: 'Weighed on',
};

/** Header spellings, compared as lower-case letters and digits only ('Date of Birth' → 'dateofbirth'). */
const spellings: Record<ImportField, string[]> = {
  name: ['name', 'animalname', 'animal', 'callname'],
  tagId: ['tag', 'tagid', 'tagno', 'tagnumber', 'eartag', 'eartagno', 'eartagnumber', 'tagnum'],
  electronicId: [
    'electronicid',
    'eid',
    'eidnumber',
    'eidno',
    'rfid',
    'rfidtag',
    'electronictag',
    'transponder',
  ],
  species: ['species', 'animaltype', 'kind', 'type'],
  breed: ['breed', 'breeds'],
  sex: ['sex', 'gender'],
  birthDate: ['birthdate', 'dateofbirth', 'dob', 'born', 'birthday', 'birth', 'borndate', 'datebirth'],
  weight: ['weight', 'weightlbs', 'weightkg', 'wt', 'currentweight', 'lastweight', 'lbs', 'kg'],
  dam: ['dam', 'mother', 'damname', 'mom'],
  sire: ['sire', 'father', 'sirename', 'dad'],
  groups: ['group', 'groups', 'herd', 'flock', 'pen', 'herdgroup', 'mob'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'remark'],
  weighedOn: [
    'weighedon',
    'dateweighed',
    'weighdate',
    'weightdate',
    'weighed',
    'weighingdate',
    'lastweighed',
  ],
};

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each field's column index in `headers` (-1 when none matches); a column serves one field. */
export function matchColumns(headers: string[]): Record<ImportField, number> {
  const squashed = headers.map((header) => squash(String(header ?? '')));
  const taken = new Set<number>();
  const mapping = {} as Record<ImportField, number>;
  for (const field of importFields) {
    const index = squashed.findIndex((header, i) => !taken.has(i) && spellings[field].includes(header));
    mapping[field] = index;
    if (index >= 0) taken.add(index);
  }
  return mapping;
}

const sexWords: Record<string, Sex> = {
  female: 'female',
  f: 'female',
  doe: 'female',
  hen: 'female',
  ewe: 'female',
  sow: 'female',
  gilt: 'female',
  mare: 'female',
  filly: 'female',
  cow: 'female',
  heifer: 'female',
  jenny: 'female',
  nanny: 'female',
  pullet: 'female',
  duck: 'female',
  goose: 'female',
  jill: 'female',
  hembra: 'female',
  male: 'male',
  m: 'male',
  buck: 'male',
  ram: 'male',
  boar: 'male',
  stallion: 'male',
  colt: 'male',
  bull: 'male',
  rooster: 'male',
  cock: 'male',
  cockerel: 'male',
  drake: 'male',
  gander: 'male',
  jack: 'male',
  billy: 'male',
  tom: 'male',
  macho: 'male',
  castratedmale: 'castrated_male',
  castrated: 'castrated_male',
  wether: 'castrated_male',
  gelding: 'castrated_male',
  steer: 'castrated_male',
  barrow: 'castrated_male',
  capon: 'castrated_male',
  neutered: 'castrated_male',
  neuteredmale: 'castrated_male',
  spayedfemale: 'spayed_female',
  spayed: 'spayed_female',
};

/** A spreadsheet cell: text, a number, a date (from .xlsx), a boolean, or empty. */
export type Cell = string | number | boolean | Date | null | undefined;

const text = (cell: Cell): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD from a cell: an .xlsx date, 2024-03-01, or the US 3/1/2024 (and 3/1/24). */
function calendarCell(cell: Cell, what = 'Birth date'): { value: string | null; problem?: string } {
  if (cell instanceof Date) return { value: text(cell) || null };
  const raw = text(cell);
  if (!raw) return { value: null };
  let year: number, month: number, day: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
  if (match) [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(raw))) {
    [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (year < 100) year += year > Number(String(new Date().getFullYear()).slice(2)) ? 1900 : 2000;
  } else return { value: null, problem: `${what} '${raw}' is not a date like 2024-03-01 or 3/1/2024` };
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return { value: null, problem: `${what} '${raw}' is not a real date` };
  return { value: `${year}-${pad(month)}-${pad(day)}` };
}

function weight(cell: Cell): { value: number | null; problem?: string } {
  if (typeof cell === 'number') return { value: Math.round(cell * 100) / 100 };
  const raw = text(cell);
  if (!raw) return { value: null };
  const match = /^(\d+(?:[.,]\d+)?)\s*(lbs?|kg|kgs)?$/i.exec(raw);
  if (!match) return { value: null, problem: `Weight '${raw}' is not a number` };
  return { value: Math.round(Number(match[1]!.replace(',', '.')) * 100) / 100 };
}

/** One identity per animal: its tag when it has one, else its name (any case). */
export const animalIdentity = (row: { name: string; tagId?: string | null }) =>
  row.tagId ? `tag:${row.tagId.toLowerCase()}` : `name:${row.name.toLowerCase()}`;

export type ReadRow = {
  line: number;
  /** the animal to import: null while the row has a problem, or when it is skipped */
  row: ImportRow | null;
  problems: string[];
  /** the fields whose values the problems are about: what the preview lets the farmer change */
  fix: ImportField[];
  /** left out on purpose ('Skip') */
  skipped: boolean;
  /** each field's text as read, or as changed in the preview */
  cells: Record<ImportField, string>;
};

/** What the preview adds to the file: changed cells (by row number), rows skipped, the herd's animals. */
export type ReadOptions = {
  edits?: Record<number, Partial<Record<ImportField, string>>>;
  skipped?: ReadonlySet<number>;
  herd?: readonly { name: string; tagId: string | null; electronicId?: string | null }[];
};

/** The file's columns that no field reads: the preview lists them, so nothing goes unsaid. */
export function unimportedColumns(headers: string[], mapping: Record<ImportField, number>): string[] {
  const used = new Set(Object.values(mapping));
  return headers.flatMap((header, index) =>
    used.has(index) ? [] : [String(header ?? '').trim() || `Column ${index + 1}`],
  );
}

/**
 * Each data row (after the header) as an animal, or its problems: missing name, unknown sex,
 * a bad date or weight, anything the server's schema refuses, the same tag (or, without tags, the
 * same name) on two rows — both rows, since either may be the one to change — and an animal the
 * herd already has. Nothing is merged or left out unless skipped: each problem is the farmer's to
 * fix (`edits`) or to skip.
 */
export function readRows(
  rows: Cell[][],
  mapping: Record<ImportField, number>,
  options: ReadOptions = {},
): ReadRow[] {
  const herd = new Map<string, { name: string; tagId: string | null }>();
  for (const animal of options.herd ?? []) herd.set(animalIdentity(animal), animal);
  // an Electronic ID is one animal's within the farm (decision 0046)
  const herdElectronicIds = new Map<string, string>();
  for (const animal of options.herd ?? [])
    if (animal.electronicId) herdElectronicIds.set(animal.electronicId, animal.name);
  const result: (ReadRow & { identity: string | null; electronicId: string | null | undefined })[] = [];
  rows.slice(1).forEach((cells, index) => {
    const line = index + 2; // the spreadsheet's own row number
    const edits = options.edits?.[line] ?? {};
    const cell = (field: ImportField): Cell =>
      edits[field] !== undefined ? edits[field] : mapping[field] >= 0 ? cells[mapping[field]] : undefined;
    const shown = Object.fromEntries(importFields.map((field) => [field, text(cell(field))])) as Record<
      ImportField,
      string
    >;
    if (importFields.every((field) => !shown[field]) && cells.every((value) => !text(value))) return; // blank
    const skipped = options.skipped?.has(line) ?? false;
    const problems: string[] = [];
    const fix = new Set<ImportField>();
    const problem = (message: string, ...fields: ImportField[]) => {
      problems.push(message);
      for (const field of fields) fix.add(field);
    };
    const sexText = shown.sex;
    const sex = sexText ? sexWords[squash(sexText)] : null;
    if (sexText && !sex)
      problem(`Sex '${sexText}' is not Female, Male, Castrated Male or Spayed Female`, 'sex');
    const born = calendarCell(cell('birthDate'));
    if (born.problem) problem(born.problem, 'birthDate');
    const weighed = weight(cell('weight'));
    if (weighed.problem) problem(weighed.problem, 'weight');
    const weighedOn = calendarCell(cell('weighedOn'), 'Weighed on');
    if (weighedOn.problem) problem(weighedOn.problem, 'weighedOn');
    else if (weighedOn.value && weighed.value === null && !weighed.problem)
      problem('Weighed on needs a Weight', 'weight', 'weighedOn');
    const candidate = {
      name: shown.name,
      tagId: shown.tagId || null,
      electronicId: shown.electronicId || null,
      species: shown.species || null,
      breed: shown.breed || null,
      sex: sex ?? null,
      birthDate: born.value,
      weight: weighed.value,
      dam: shown.dam || null,
      sire: shown.sire || null,
      groups: [
        ...new Set(
          shown.groups
            .split(/[;,]/)
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ],
      notes: shown.notes || null,
      weighedOn: weighedOn.value,
    };
    const parsed = importRowSchema.safeParse(candidate);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as ImportField;
        const label = importFieldLabels[field];
        if (field === 'birthDate' && born.problem) continue;
        if (field === 'weighedOn' && weighedOn.problem) continue;
        problem(
          label && !issue.message.toLowerCase().startsWith(label.toLowerCase())
            ? `${label}: ${issue.message}`
            : issue.message,
          ...(label ? [field] : []),
        );
      }
    const identity = candidate.name.trim()
      ? animalIdentity({ name: candidate.name.trim(), tagId: candidate.tagId })
      : null;
    const known = identity ? herd.get(identity) : undefined;
    if (known && !skipped)
      problem(
        `Already in your herd: ${known.name}${candidate.tagId ? ` (tag ${known.tagId})` : ''}`,
        'name',
        'tagId',
      );
    const electronicId = parsed.success ? parsed.data.electronicId : null;
    const holder = electronicId ? herdElectronicIds.get(electronicId) : undefined;
    if (holder !== undefined && !skipped && !known)
      problem(`Electronic ID: ${holder} already has it`, 'electronicId');
    result.push({
      line,
      electronicId: skipped ? null : electronicId,
      row: parsed.success && !skipped ? parsed.data : null,
      problems: skipped ? [] : problems,
      fix: [...fix],
      skipped,
      cells: shown,
      identity: skipped ? null : identity,
    });
  });
  // the same animal on two rows of the file (skipped rows aside): a problem on each
  const lines = new Map<string, number[]>();
  for (const read of result)
    if (read.identity) lines.set(read.identity, [...(lines.get(read.identity) ?? []), read.line]);
  for (const read of result) {
    const same = read.identity ? lines.get(read.identity)!.filter((line) => line !== read.line) : [];
    if (same.length === 0) continue;
    const what = read.identity!.startsWith('tag:') ? 'tag' : 'name';
    read.problems.push(`The same ${what} as ${same.length === 1 ? 'row' : 'rows'} ${same.join(', ')}`);
    if (!read.fix.includes('name')) read.fix.push('name');
    if (!read.fix.includes('tagId')) read.fix.push('tagId');
  }
  // the same Electronic ID on two rows: a problem on each
  const electronicLines = new Map<string, number[]>();
  for (const read of result)
    if (read.electronicId)
      electronicLines.set(read.electronicId, [...(electronicLines.get(read.electronicId) ?? []), read.line]);
  for (const read of result) {
    const same = read.electronicId
      ? electronicLines.get(read.electronicId)!.filter((line) => line !== read.line)
      : [];
    if (same.length === 0) continue;
    read.problems.push(`The same Electronic ID as ${same.length === 1 ? 'row' : 'rows'} ${same.join(', ')}`);
    if (!read.fix.includes('electronicId')) read.fix.push('electronicId');
  }
  return result.map(({ identity: _identity, electronicId: _electronicId, ...read }) => ({
    ...read,
    row: read.problems.length === 0 ? read.row : null,
  }));
}
