// A season on a real hobby farm, made through the public API: three groups (dairy goats, 22 laying
// hens, horses), 31 animals (one in no group), twelve weeks of weigh-ins, flock treatments, notes
// and reminders, long names, a long email, and a farm zone other than the browser's. The
// phone-layout journey seeds it, and `npm run seed:farm` (bench/seed-farm.ts) fills a running app
// with it to look at by hand.

/** An API call as the signed-in farmer: method, app path, JSON body → parsed JSON. */
export type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export const longNames = {
  farm: 'Willow Creek Heritage Breeds & Rescue Sanctuary, Upper Valley',
  owner: 'Margaret Fitzgerald-Ravenscroft',
  email: 'margaret.fitzgerald-ravenscroft@willowcreekheritage.example',
  goat: 'Buttercup Marigold Featherstone of the Willow Creek Meadows',
  horses: 'Horses & Ponies of the Long Meadow Paddock (North Pasture)',
  breed: 'Anglo-Nubian × Saanen crossbreed, heritage dairy program',
  tag: 'UK-0123456-7890123-WILLOWCREEK',
} as const;

export type Season = {
  groups: { goats: string; hens: string; horses: string };
  animals: { id: string; name: string }[];
  goatIds: string[];
  henIds: string[];
  horseIds: string[];
  loneId: string;
  /** the first goat: the long name */
  longNamedId: string;
  /** a batch entry of the goats' weigh-ins, and a note of one goat: edit pages to open */
  goatWeighInEntryId: string;
  noteEntryId: string;
  today: string;
};

const day = 24 * 60 * 60 * 1000;
const dateOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Seeds the season for the signed-in farm; `today` is the farm's today ('YYYY-MM-DD'). */
export async function seedSeason(call: Call, options: { timeZone?: string } = {}): Promise<Season> {
  await call('PATCH', '/api/v1/farm/settings', {
    farmName: longNames.farm,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  await call('PATCH', '/api/v1/profile', {
    ownerName: longNames.owner,
    email: longNames.email,
    phone: '+64 21 555 0199',
    location: 'Upper Valley, Canterbury',
  });
  const zone = options.timeZone ?? (await call<{ timeZone: string }>('GET', '/api/v1/profile')).timeZone;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const base = Date.parse(`${today}T12:00:00Z`);
  const ago = (days: number) => dateOf(base - days * day);
  const ahead = (days: number) => dateOf(base + days * day);

  const group = (name: string, color: string, description?: string) =>
    call<{ id: string }>('POST', '/api/v1/groups', { name, color, description });
  const goats = (await group('Dairy Goats', '#16a34a', 'Milking does and their kids')).id;
  const hens = (await group('Laying Hens', '#d97706', 'The flock, banded BAND-01 to BAND-22')).id;
  const horses = (await group(longNames.horses, '#2563eb')).id;

  const species = await call<{ id: string; name: string }[]>('GET', '/api/v1/species');
  const speciesId = (name: string) => species.find((each) => each.name === name)?.id ?? null;
  const animal = (body: Record<string, unknown>) =>
    call<{ id: string; name: string }>('POST', '/api/v1/animals', body);

  const goatNames = [longNames.goat, 'Clover', 'Daisy', 'Pepper', 'Juniper'];
  const goatList = [];
  for (const [index, name] of goatNames.entries()) {
    goatList.push(
      await animal({
        name,
        speciesId: speciesId('Goat'),
        breed: index === 0 ? longNames.breed : 'Nigerian Dwarf',
        sex: index === 3 ? 'castrated_male' : 'female',
        birthDate: ago(200 + index * 290),
        tagId: index === 0 ? longNames.tag : `G-${100 + index}`,
        weight: 60 + index * 4.5,
        groupIds: [goats],
      }),
    );
  }
  const henList = [];
  for (let number = 1; number <= 22; number += 1) {
    henList.push(
      await animal({
        name: `Hen ${number}`,
        speciesId: speciesId('Chicken'),
        breed: number % 3 ? 'Buff Orpington' : 'Rhode Island Red',
        sex: 'female',
        birthDate: ago(300 + number * 9),
        tagId: `BAND-${String(number).padStart(2, '0')}`,
        weight: 5 + (number % 5) * 0.3,
        groupIds: [hens],
      }),
    );
  }
  const horseList = [];
  for (const [index, name] of ['Duke', 'Willow', 'Shadowfax'].entries()) {
    horseList.push(
      await animal({
        name,
        speciesId: speciesId('Horse'),
        breed: ['Clydesdale', 'Welsh Pony', 'Thoroughbred'][index],
        sex: index === 1 ? 'female' : 'castrated_male',
        birthDate: ago(3000 + index * 800),
        tagId: `H-${index + 1}`,
        groupIds: [horses],
      }),
    );
  }
  // an animal needs a group when it is added; deleting the group leaves Rosie in none
  const quarantine = (await group('Quarantine', '#dc2626')).id;
  const lone = await animal({
    name: 'Rosie',
    speciesId: speciesId('Pig'),
    breed: 'Kunekune',
    sex: 'female',
    groupIds: [quarantine],
  });
  await call('DELETE', `/api/v1/groups/${quarantine}`);

  const entry = (body: Record<string, unknown>) =>
    call<{ entries: { id: string }[] }>('POST', '/api/v1/care-entries', body);
  // twelve weekly weigh-ins of the goats, as one batch each
  let goatWeighInEntryId = '';
  for (let week = 12; week >= 1; week -= 1) {
    const written = await entry({
      type: 'weight',
      groupId: goats,
      dateRecorded: ago(week * 7),
      weights: goatList.map((goat, index) => ({
        animalId: goat.id,
        weightValue: 55 + index * 4 + (12 - week) * 0.6,
      })),
      ...(week === 1 ? { nextDueDate: ahead(6) } : {}),
    });
    goatWeighInEntryId = written.entries[0]!.id;
  }
  // the flock: two coccidiostat treatments; the last one with its next dose (one reminder for 22)
  for (const [when, next] of [
    [ago(40), null],
    [ago(10), ahead(4)],
  ] as const) {
    await entry({
      type: 'medical',
      groupId: hens,
      animalIds: henList.map((hen) => hen.id),
      dateRecorded: when,
      medicationName: 'Coccidiostat (Amprolium)',
      dosage: 1.5,
      dosageUnit: 'mL',
      ...(next ? { nextDueDate: next } : {}),
    });
  }
  // horses: weighed in kg on the tape, dewormed with their next dose
  await entry({
    type: 'weight',
    groupId: horses,
    dateRecorded: ago(20),
    weightUnit: 'kg',
    weights: horseList.map((horse, index) => ({ animalId: horse.id, weightValue: [780, 290, 530][index] })),
  });
  await entry({
    type: 'medical',
    groupId: horses,
    animalIds: horseList.map((horse) => horse.id),
    dateRecorded: ago(30),
    medicationName: 'Ivermectin paste',
    dosage: 10,
    dosageUnit: 'mL',
    nextDueDate: ahead(26),
  });
  const note = await entry({
    type: 'note',
    animalIds: [goatList[1]!.id],
    dateRecorded: ago(3),
    title: 'Limping on the left fore after the rain, check again on Friday',
    noteContent: `Trimmed on 12/11/2026 and again today; the hoof looked soft. ${'Keep her in the dry pen. '.repeat(6)}`,
  });
  await entry({
    type: 'note',
    animalIds: [henList[9]!.id],
    dateRecorded: ago(5),
    title: 'Broody',
    noteContent: 'Sitting on six eggs in the north nest box.',
  });
  await entry({
    type: 'medical',
    animalIds: [lone.id],
    dateRecorded: ago(15),
    medicationName: 'Iron injection',
    dosage: 2,
    dosageUnit: 'mL',
    nextDueDate: ahead(1),
  });

  const reminder = (body: Record<string, unknown>) => call('POST', '/api/v1/reminders', body);
  await reminder({
    title: 'Clean the coop and change the bedding',
    type: 'routine',
    dueDate: today,
    groupId: hens,
    repeatEvery: 1,
    repeatUnit: 'week',
  });
  await reminder({ title: 'Order hay for the winter', type: 'feeding', dueDate: today, groupId: horses });
  await reminder({
    title: 'Farrier visit',
    type: 'general',
    dueDate: ahead(12),
    animalId: horseList[0]!.id,
    repeatEvery: 6,
    repeatUnit: 'week',
  });
  await reminder({ title: 'Check udder', type: 'general', dueDate: ahead(2), animalId: goatList[0]!.id });

  return {
    groups: { goats, hens, horses },
    animals: [...goatList, ...henList, ...horseList, lone],
    goatIds: goatList.map((goat) => goat.id),
    henIds: henList.map((hen) => hen.id),
    horseIds: horseList.map((horse) => horse.id),
    loneId: lone.id,
    longNamedId: goatList[0]!.id,
    goatWeighInEntryId,
    noteEntryId: note.entries[0]!.id,
    today,
  };
}
