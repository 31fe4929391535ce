/**
 * Paddock's own ESLint rules for the walls between folders (issue 25, decision 0035).
 *
 * `walls` checks every import by the file it RESOLVES to, not by its text: a string pattern lets
 * `'./../animals/x'` or `import('../animals/x')` through, and has to be written once per folder
 * depth. It reads static imports, `export … from`, dynamic `import()` and type-level
 * `import('…')`. Its options are a table of walls, each
 *
 *   { from, to, allow?, exempt?, allowTypeImports?, message }
 *
 * `from` (importers) and `to` (targets) are globs relative to `root` (`*` one name, `**` any
 * folders, `{a,b}` either); a file matching `from` and not `exempt` may not import a file matching
 * `to` and not `allow`. `{self}` in `from` names one folder, and in `to` stands for that same
 * folder, while `{other}` in `to` stands for any folder but it: so a feature is told apart from its
 * neighbours. Package and Node imports are matched by name (`node:fs`; a bare `fs` counts as
 * `node:fs`). With `allowTypeImports`, `import type` and `export type` pass; `import { type X }`
 * does not, since under verbatimModuleSyntax it still loads the module.
 *
 * `no-sql-outside-repos` reports running SQL in the files it is given: `.execute(` on anything and
 * `select`, `insert`, `update` or `delete` called on `db` or `tx`. (Which files may import
 * drizzle-orm or the tables is a wall of the table.)
 */
import { existsSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const builtins = new Set(builtinModules);
const sourceExtensions = ['.ts', '.tsx', '.js', '.mjs'];

/** The file a relative import names, the way the bundler finds it; a missing file is taken as `.ts`. */
function resolveFile(base) {
  const isFile = (candidate) => existsSync(candidate) && statSync(candidate).isFile();
  if (isFile(base)) return base;
  // TypeScript's ESM style: `./x.js` names `./x.ts`
  const stem = /\.m?js$/.test(base) ? base.replace(/\.m?js$/, '') : base;
  for (const candidate of [
    ...sourceExtensions.map((extension) => stem + extension),
    ...sourceExtensions.map((extension) => path.join(base, `index${extension}`)),
  ]) {
    if (isFile(candidate)) return candidate;
  }
  return path.extname(base) ? base : `${base}.ts`;
}

/** What a specifier names: a path relative to root for files, the name itself for packages. */
function targetOf(specifier, filename, root) {
  const bare = specifier.replace(/\?.*$/, ''); // Vite's `?worker`, `?url`
  if (bare.startsWith('.') || path.isAbsolute(bare)) {
    const file = resolveFile(path.resolve(path.dirname(filename), bare));
    return path.relative(root, file).split(path.sep).join('/');
  }
  if (builtins.has(bare) && !bare.startsWith('node:')) return `node:${bare}`;
  return bare;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compiled = new Map();

/**
 * A glob as a regular expression. `self` is the folder `{self}` matched in the importer, when the
 * glob is a target; for an importer `{self}` is captured.
 */
function globToRegExp(glob, self) {
  const key = `${glob}\0${self}`;
  const cached = compiled.get(key);
  if (cached) return cached;
  let source = '';
  for (let i = 0; i < glob.length;) {
    const rest = glob.slice(i);
    const token = /^(\{self\}|\{other\}|\{[^}]*\}|\*\*\/|\/\*\*$|\*\*|\*)/.exec(rest)?.[0];
    if (token === '{self}') source += self === undefined ? '(?<self>[^/]+)' : escape(self);
    else if (token === '{other}') source += `(?!${escape(self ?? '')}(?:/|$))[^/]+`;
    else if (token?.startsWith('{')) source += `(?:${token.slice(1, -1).split(',').map(escape).join('|')})`;
    else if (token === '**/') source += '(?:.*/)?';
    else if (token === '/**') source += '/.+';
    else if (token === '**') source += '.*';
    else if (token === '*') source += '[^/]*';
    else source += escape(glob[i]);
    i += token?.length ?? 1;
  }
  const regExp = new RegExp(`^${source}$`);
  compiled.set(key, regExp);
  return regExp;
}

const list = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The value of a string literal or a template without expressions, else undefined. */
function staticString(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node?.type === 'TSLiteralType') return staticString(node.literal);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const walls = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports respect the walls between folders, checked by resolved path' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          walls: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: ['string', 'array'] },
                to: { type: ['string', 'array'] },
                allow: { type: ['string', 'array'] },
                exempt: { type: ['string', 'array'] },
                allowTypeImports: { type: 'boolean' },
                message: { type: 'string' },
              },
              required: ['from', 'to', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['walls'],
        additionalProperties: false,
      },
    ],
    messages: { wall: "'{{specifier}}' ({{target}}): {{message}}" },
  },
  create(context) {
    const { root = context.cwd, walls: table } = context.options[0];
    const filename = context.filename;
    const importer = path.relative(root, filename).split(path.sep).join('/');
    if (importer.startsWith('../')) return {};

    // The walls that hold this file, with its `{self}` folder.
    const holding = [];
    for (const wall of table) {
      if (list(wall.exempt).some((glob) => globToRegExp(glob).test(importer))) continue;
      for (const glob of list(wall.from)) {
        const match = globToRegExp(glob).exec(importer);
        if (match) {
          holding.push({ wall, self: match.groups?.self });
          break;
        }
      }
    }
    if (holding.length === 0) return {};

    const check = (node, sourceNode, typeOnly) => {
      const specifier = staticString(sourceNode);
      if (specifier === undefined) return; // import(variable): nothing to resolve
      const target = targetOf(specifier, filename, root);
      for (const { wall, self } of holding) {
        if (typeOnly && wall.allowTypeImports) continue;
        const hits = (globs) => list(globs).some((glob) => globToRegExp(glob, self ?? '').test(target));
        if (hits(wall.to) && !hits(wall.allow)) {
          context.report({ node, messageId: 'wall', data: { specifier, target, message: wall.message } });
        }
      }
    };

    return {
      ImportDeclaration: (node) => check(node, node.source, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportType: (node) => check(node, node.argument, true),
    };
  },
};

const queryMethods = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete']);

/** @type {import('eslint').Rule.RuleModule} */
const noSqlOutsideRepos = {
  meta: {
    type: 'problem',
    docs: { description: 'Statements run against the database only in repositories' },
    schema: [],
    messages: {
      sql: 'SQL lives in repos: move this statement into a *.repo.ts function and call it from here.',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        const onDatabase = callee.object.type === 'Identifier' && ['db', 'tx'].includes(callee.object.name);
        if (method === 'execute' || (onDatabase && queryMethods.has(method))) {
          context.report({ node, messageId: 'sql' });
        }
      },
    };
  },
};

export default {
  meta: { name: 'paddock-walls' },
  rules: { walls, 'no-sql-outside-repos': noSqlOutsideRepos },
};
