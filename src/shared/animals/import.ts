// Reading a farmer's spreadsheet of animals: which column is which (common header spellings
// matched automatically), and each row as an animal to import, or the problems that keep it out.
// Pure rules, used by the import page on every row before anything is sent.
import { importRowSchema, type ImportRow } from '../schemas/import';
import type { Sex } from '../schemas/animals';

export const importFields = [
  'name',
  'tagId',
  'species',
  'breed',
  'sex',
  'birthDate',
  'weight',
  'dam',
  'sire',
  'groups',
] as const;
export type ImportField = (typeof importFields)[number];

export const importFieldLabels: Record<ImportField, string> = {
  name: 'Name',
  tagId: 'Tag',
  species: 'Species',
  breed: 'Breed',
  sex: 'Sex',
  birthDate: 'Birth Date',
  weight: 'Weight',
  dam: 'Dam',
  sire: 'Sire',
  groups: 'Group',
};

/** Header spellings, compared as lower-case letters and digits only ('Date of Birth' → 'dateofbirth'). */
const spellings: Record<ImportField, string[]> = {
  name: ['name', 'animalname', 'animal', 'callname'],
  tagId: ['tag', 'tagid', 'tagno', 'tagnumber', 'eartag', 'eartagno', 'eartagnumber', 'tagnum'],
  species: ['species', 'animaltype', 'kind', 'type'],
  breed: ['breed', 'breeds'],
  sex: ['sex', 'gender'],
  birthDate: ['birthdate', 'dateofbirth', 'dob', 'born', 'birthday', 'birth', 'borndate', 'datebirth'],
  weight: ['weight', 'weightlbs', 'weightkg', 'wt', 'currentweight', 'lastweight', 'lbs', 'kg'],
  dam: ['dam', 'mother', 'damname', 'mom'],
  sire: ['sire', 'father', 'sirename', 'dad'],
  groups: ['group', 'groups', 'herd', 'flock', 'pen', 'herdgroup', 'mob'],
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
function birthDate(cell: Cell): { value: string | null; problem?: string } {
  if (cell instanceof Date) return { value: text(cell) || null };
  const raw = text(cell);
  if (!raw) return { value: null };
  let year: number, month: number, day: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
  if (match) [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(raw))) {
    [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (year < 100) year += year > Number(String(new Date().getFullYear()).slice(2)) ? 1900 : 2000;
  } else return { value: null, problem: `Birth date '${raw}' is not a date like 2024-03-01 or 3/1/2024` };
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return { value: null, problem: `Birth date '${raw}' is not a real date` };
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
  row: ImportRow | null;
  problems: string[];
  cells: Record<ImportField, string>;
};

/**
 * Each data row (after the header) as an animal, or its problems: missing name, unknown sex,
 * a bad date or weight, anything the server's schema refuses, and the same animal twice in the file.
 */
export function readRows(rows: Cell[][], mapping: Record<ImportField, number>): ReadRow[] {
  const seen = new Map<string, number>();
  const result: ReadRow[] = [];
  rows.slice(1).forEach((cells, index) => {
    const line = index + 2; // the spreadsheet's own row number
    const cell = (field: ImportField): Cell => (mapping[field] >= 0 ? cells[mapping[field]] : undefined);
    const shown = Object.fromEntries(importFields.map((field) => [field, text(cell(field))])) as Record<
      ImportField,
      string
    >;
    if (importFields.every((field) => !shown[field]) && cells.every((value) => !text(value))) return; // blank
    const problems: string[] = [];
    const sexText = shown.sex;
    const sex = sexText ? sexWords[squash(sexText)] : null;
    if (sexText && !sex)
      problems.push(`Sex '${sexText}' is not Female, Male, Castrated Male or Spayed Female`);
    const born = birthDate(cell('birthDate'));
    if (born.problem) problems.push(born.problem);
    const weighed = weight(cell('weight'));
    if (weighed.problem) problems.push(weighed.problem);
    const candidate = {
      name: shown.name,
      tagId: shown.tagId || null,
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
    };
    const parsed = importRowSchema.safeParse(candidate);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as ImportField;
        const label = importFieldLabels[field];
        if (field === 'birthDate' && born.problem) continue;
        problems.push(
          label && !issue.message.toLowerCase().startsWith(label.toLowerCase())
            ? `${label}: ${issue.message}`
            : issue.message,
        );
      }
    if (parsed.success) {
      const identity = animalIdentity(parsed.data);
      const first = seen.get(identity);
      if (first !== undefined) problems.push(`The same animal as row ${first}`);
      else seen.set(identity, line);
    }
    result.push({
      line,
      row: parsed.success && problems.length === 0 ? parsed.data : null,
      problems,
      cells: shown,
    });
  });
  return result;
}
