// Each wall of eslint.config.js fails on a wrong import and lets the right ones through. The probes
// are linted with the project's own config (type-aware rules off: a probe is not a file on disk)
// under made-up names in the real tree, so imports resolve against the real folders.
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  overrideConfig: tseslint.configs.disableTypeChecked as Linter.Config,
});

/** The wall messages ESLint gives `code` written at `file`. */
async function wallMessages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages.filter((message) => message.ruleId?.startsWith('paddock/')).map((m) => m.message);
}

type Probe = [what: string, file: string, code: string];
/** A wrong import and the words of the wall it breaks. */
type WrongProbe = [what: string, file: string, code: string, wall: string];

/** The start of each wall's message in eslint.config.js. */
const walls = {
  webFeatures: 'A feature never imports another feature or the app',
  webShared: 'Shared components, hooks and lib serve every feature',
  serverTypesOnly: 'The browser may import server types only',
  sharedPure: 'src/shared is pure',
  belowFeatures: 'auth, db, http and the rest sit below the features',
  repoDown: 'a repo never imports a service or routes',
  serviceDown: 'a service never imports routes',
  acrossFeatures: "Features talk through another feature's *.service.ts",
  sqlImports: 'SQL lives in repos: only *.repo.ts imports',
  sqlCalls: 'SQL lives in repos: move this statement',
};

/** The same wrong import written every way a module can be reached (`./..` when it climbs). */
const everyWay = (what: string, file: string, specifier: string, wall: string): WrongProbe[] => [
  [`${what}: import`, file, `import { x } from '${specifier}';\nexport const y = x;`, wall],
  ...(specifier.startsWith('../')
    ? [
        [
          `${what}: ./.. path`,
          file,
          `import { x } from './${specifier}';\nexport const y = x;`,
          wall,
        ] as WrongProbe,
      ]
    : []),
  [`${what}: export from`, file, `export { x } from '${specifier}';`, wall],
  [`${what}: export * from`, file, `export * from '${specifier}';`, wall],
  [`${what}: import()`, file, `export const load = () => import('${specifier}');`, wall],
];

const webFeature = 'src/web/features/animals/wall-probe.tsx';
const webFeatureDeep = 'src/web/features/animals/components/parts/wall-probe.tsx';
const service = 'src/server/features/groups/groups-probe.service.ts';
const repo = 'src/server/features/groups/groups-probe.repo.ts';

const failing: WrongProbe[] = [
  ...everyWay('web feature → another feature', webFeature, '../care/api/care', walls.webFeatures),
  ...everyWay(
    'web feature, three folders down → another feature',
    webFeatureDeep,
    '../../../care/api/care',
    walls.webFeatures,
  ),
  [
    'web feature → another feature, lazily',
    webFeature,
    "import { lazy } from 'react';\nexport const Card = lazy(() => import('../care/components/weight-card'));",
    walls.webFeatures,
  ],
  [
    'web feature → another feature, types too',
    webFeature,
    "import type { X } from '../care/api/care';",
    walls.webFeatures,
  ],
  [
    "web feature → another feature, a type's import('…')",
    webFeature,
    "export type X = import('../care/api/care').X;",
    walls.webFeatures,
  ],
  ...everyWay('web feature → app', webFeature, '../../app/router', walls.webFeatures),
  ...everyWay(
    'web lib → a feature',
    'src/web/lib/wall-probe.ts',
    '../features/care/api/care',
    walls.webShared,
  ),
  ...everyWay(
    'web components → app',
    'src/web/components/wall-probe.tsx',
    '../app/app-shell',
    walls.webShared,
  ),
  ...everyWay(
    'web hooks → a feature',
    'src/web/hooks/wall-probe.ts',
    '../features/account/api/profile',
    walls.webShared,
  ),
  ...everyWay(
    'web → server code',
    'src/web/lib/wall-probe.ts',
    '../../server/http/errors',
    walls.serverTypesOnly,
  ),
  [
    'web → server, inline type specifiers (the module still loads)',
    'src/web/lib/wall-probe.ts',
    "import { type ApiRoutes } from '../../server/app';",
    walls.serverTypesOnly,
  ],
  ...everyWay('shared → server', 'src/shared/care/wall-probe.ts', '../../server/db/schema', walls.sharedPure),
  ...everyWay('shared → web', 'src/shared/care/wall-probe.ts', '../../web/lib/dates', walls.sharedPure),
  [
    'shared → Node',
    'src/shared/care/wall-probe.ts',
    "import { createHash } from 'node:crypto';",
    walls.sharedPure,
  ],
  [
    'shared → Node without node:',
    'src/shared/care/wall-probe.ts',
    "import { readFileSync } from 'fs';",
    walls.sharedPure,
  ],
  ...everyWay(
    'auth → a feature',
    'src/server/auth/wall-probe.ts',
    '../features/demo/demo.service',
    walls.belowFeatures,
  ),
  ...everyWay(
    'db → a feature',
    'src/server/db/wall-probe.ts',
    '../features/care/care.repo',
    walls.belowFeatures,
  ),
  ...everyWay(
    'a new infrastructure folder → a feature',
    'src/server/jobs/wall-probe.ts',
    '../features/care/care.repo',
    walls.belowFeatures,
  ),
  ...everyWay('repo → its service', repo, './groups.service', walls.repoDown),
  ...everyWay('repo → its routes', repo, './groups.routes', walls.repoDown),
  ...everyWay('service → its routes', service, './groups.routes', walls.serviceDown),
  ...everyWay("a feature → another feature's repo", service, '../animals/animals.repo', walls.acrossFeatures),
  ...everyWay(
    "a feature → another feature's routes",
    'src/server/features/groups/groups.routes.ts',
    '../care/care.routes',
    walls.acrossFeatures,
  ),
  ...everyWay('a service → drizzle-orm', service, 'drizzle-orm', walls.sqlImports),
  ...everyWay('a service → the tables', service, '../../db/schema', walls.sqlImports),
  ['a service runs SQL', service, 'export const f = (db: any) => db.execute("select 1");', walls.sqlCalls],
  [
    'a service queries',
    service,
    'export const f = (db: any, t: any) => db.select().from(t);',
    walls.sqlCalls,
  ],
  [
    'a service writes in a transaction',
    service,
    'export const f = (tx: any, t: any) => tx.insert(t).values({});',
    walls.sqlCalls,
  ],
  [
    'a service runs a prepared statement',
    service,
    'export const f = (s: any) => s.execute({ farmId: 1 });',
    walls.sqlCalls,
  ],
];

const passing: Probe[] = [
  [
    'web feature → itself, lib, components, hooks, shared',
    webFeatureDeep,
    [
      "import { a } from '../../api/animals';",
      "import { b } from '../../../../lib/api';",
      "import { c } from '../../../../components/ui/button';",
      "import { d } from '../../../../hooks/use-farm-today';",
      "import { e } from '../../../../../shared/schemas/animals';",
      "import { useState } from 'react';",
      'export const all = [a, b, c, d, e, useState];',
    ].join('\n'),
  ],
  [
    'app → every feature',
    'src/web/app/routes/wall-probe.tsx',
    "import { a } from '../../features/care/api/care';\nexport const load = () => import('../../features/animals/api/animals');\nexport { a };",
  ],
  ['web → server types', 'src/web/lib/wall-probe.ts', "import type { ApiRoutes } from '../../server/app';"],
  [
    'shared → shared and zod',
    'src/shared/care/wall-probe.ts',
    "import { z } from 'zod';\nimport { a } from '../schemas/common';\nexport const all = [z, a];",
  ],
  [
    'composition → features',
    'src/server/app.ts',
    "import { careRoutes } from './features/care/care.routes';\nexport { careRoutes };",
  ],
  [
    'features → infrastructure',
    service,
    "import { NotFoundError } from '../../http/errors';\nimport type { Db } from '../../db/database';\nexport const all = [NotFoundError];",
  ],
  [
    'routes → service → repo',
    'src/server/features/groups/groups.routes.ts',
    "import { createGroupsService } from './groups.service';\nimport type { GroupsRepo } from './groups.repo';\nexport { createGroupsService };",
  ],
  ['service → its repo', service, "import { x } from './groups.repo';\nexport { x };"],
  [
    "a feature → another feature's service and types",
    service,
    [
      "import { createAnimalsService } from '../animals/animals.service';",
      "import type { AnimalsRepo } from '../animals/animals.repo';",
      "import type { NewReminder } from '../reminders/reminders.repo';",
      "import { pageOf } from '../wire';",
      'export { createAnimalsService, pageOf };',
    ].join('\n'),
  ],
  [
    'a repo → drizzle-orm and the tables, and runs SQL',
    repo,
    "import { sql } from 'drizzle-orm';\nimport { groups } from '../../db/schema';\nexport const f = (db: any) => db.execute(sql`select ${groups.id}`);",
  ],
  [
    'a service → drizzle-orm types, and a transaction',
    service,
    "import type { SQL } from 'drizzle-orm';\nexport const f = (db: any, work: (tx: any) => Promise<SQL>) => db.transaction(work);",
  ],
  [
    'a test → anything',
    'src/server/auth/wall-probe.test.ts',
    "import { sql } from 'drizzle-orm';\nimport { demoLimit } from '../features/demo/demo.routes';\nexport const all = [sql, demoLimit];",
  ],
  [
    'test/ → anything',
    'test/support/wall-probe.ts',
    "import { careRoutes } from '../../src/server/features/care/care.routes';\nexport { careRoutes };",
  ],
];

describe('lint walls', () => {
  it.each(failing)('%s fails', async (_what, file, code, wall) => {
    const messages = await wallMessages(file, code);
    expect(messages).not.toEqual([]);
    for (const message of messages) expect(message).toContain(wall);
  });

  it.each(passing)('%s passes', async (_what, file, code) => {
    expect(await wallMessages(file, code)).toEqual([]);
  });

  it('names the file an import resolves to', async () => {
    const [message] = await wallMessages(webFeature, "import { x } from './../care/api/care';");
    expect(message).toContain("'./../care/api/care' (src/web/features/care/api/care.ts)");
    expect(message).toContain('src/web/app/routes');
  });
});
