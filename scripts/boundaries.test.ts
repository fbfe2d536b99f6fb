import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';

// `npm run boundaries` is only worth something if each rule really fires: this builds a small tree
// that breaks every rule once (and does the allowed thing beside it) and checks what the project's
// own .dependency-cruiser.cjs reports.

const config = createRequire(import.meta.url)(
  join(projectRoot, '.dependency-cruiser.cjs'),
) as IConfiguration;

const files: Record<string, string> = {
  'contracts/goals.ts': "import { z } from 'zod';\nexport const id = z.string();\n",
  'contracts/bad.ts': "import { x } from '#server/lib/x.ts';\nexport const y = x;\n",
  'server/lib/x.ts': "import { y } from '#client/lib/y.ts';\nexport const x = y;\n",
  'client/lib/y.ts': "import { b } from '#client/features/b/b.ts';\nexport const y = b;\n",
  'client/features/b/b.ts': 'export const b = 1;\n',
  'client/features/a/a.ts':
    "import { x } from '#server/lib/x.ts';\nimport { b } from '#client/features/b/b.ts';\nexport const a = [x, b];\n",
  'server/modules/m2/m2.repo.ts':
    "import { sql } from 'drizzle-orm';\nexport const query = sql`select 1`;\n",
  'server/modules/m2/m2.service.ts':
    "import { query } from './m2.repo.ts';\nexport const s = query;\n",
  'server/modules/m2/m2.routes.ts':
    "import { query } from './m2.repo.ts';\nexport const r = query;\n",
  'server/modules/m1/m1.service.ts':
    "import { query } from '#server/modules/m2/m2.repo.ts';\nimport { e } from '#server/delivery/engine.ts';\nexport const s = [query, e];\n",
  'server/modules/m1/m1.service.test.ts':
    "import { query } from '#server/modules/m2/m2.repo.ts';\nexport const t = query;\n",
  'server/delivery/engine.ts':
    "import { sql } from 'drizzle-orm';\nimport { query } from '#server/modules/m2/m2.repo.ts';\nimport { s } from '#server/modules/m2/m2.service.ts';\nexport const e = [sql, query, s];\n",
  'server/auth/sessions.repo.ts': 'export const sessions = 1;\n',
  'server/http/page.ts':
    "import { sessions } from '#server/auth/sessions.repo.ts';\nexport const p = sessions;\n",
  'server/jobs/job.ts':
    "import { generateText } from 'ai';\nimport { createOpenAI } from '@ai-sdk/openai';\nexport const j = [generateText, createOpenAI];\n",
  'server/ai/gateway.ts': "import { generateText } from 'ai';\nexport const g = generateText;\n",
  'server/c1.ts': "import { c2 } from './c2.ts';\nexport const c1 = () => c2;\n",
  'server/c2.ts': "import { c1 } from './c1.ts';\nexport const c2 = () => c1;\n",
};

const expected = [
  'ai-only-behind-the-gateway server/jobs/job.ts',
  'client-not-server client/features/a/a.ts',
  'contracts-import-only-zod contracts/bad.ts',
  'drizzle-only-in-repos server/delivery/engine.ts',
  'feature-not-other-feature client/features/a/a.ts',
  'llm-vendors-only-in-providers server/jobs/job.ts',
  'module-not-other-modules-repo server/modules/m1/m1.service.ts',
  'modules-not-delivery-engine server/modules/m1/m1.service.ts',
  'no-circular-server server/c1.ts',
  'not-auth-repos server/http/page.ts',
  'outside-not-modules-repo server/delivery/engine.ts',
  'routes-not-repos server/modules/m2/m2.routes.ts',
  'server-not-client server/lib/x.ts',
  'shared-client-code-not-features client/lib/y.ts',
];

describe('npm run boundaries', () => {
  let root: string;
  let result: ICruiseResult;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'trellis-boundaries-'));
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({
        type: 'module',
        imports: {
          '#client/*': './client/*',
          '#server/*': './server/*',
          '#contracts/*': './contracts/*',
        },
      }),
    );
    symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const { tsConfig: _projectTsConfig, ...options } = config.options ?? {};
    const answer = await cruise(['client', 'server', 'contracts'], {
      ...options,
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
    });
    result = answer.output as ICruiseResult;
  });

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('reports each deliberate violation under its rule, and nothing that is allowed', () => {
    const found = result.summary.violations.map(
      (violation) => `${violation.rule.name} ${violation.from}`,
    );
    expect([...new Set(found)].sort()).toEqual(expected);
  });

  it('has a deliberate violation for every rule it enforces', () => {
    const rules = (config.forbidden ?? []).map((rule) => rule.name).sort();
    const covered = [...new Set(expected.map((line) => line.split(' ')[0]))].sort();
    expect(covered).toEqual(rules);
  });
});
