import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';

// STYLE.md: no closure grows past what one screen shows (about 250 lines); split along the flows
// instead. A service factory is one closure, so this measures every outermost function (a function
// not inside another function) in the server.

const LIMIT = 250;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Outermost functions of a source text, with their length in lines. */
function outermostFunctions(fileName: string, text: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : null);
      found.push({ name: named ? named.getText(source) : '(anonymous)', lines: end - start + 1 });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('closure size', () => {
  it(`keeps every outermost function in server/ under ${LIMIT} lines`, () => {
    const tooLong = ['server'].flatMap((dir) =>
      sourceFiles(join(projectRoot, dir)).flatMap((file) =>
        outermostFunctions(file, readFileSync(file, 'utf8'))
          .filter((fn) => fn.lines > LIMIT)
          .map((fn) => `${relative(projectRoot, file)} ${fn.name} (${fn.lines} lines)`),
      ),
    );
    expect(tooLong).toEqual([]);
  });

  it('measures a factory as one closure, inner functions included', () => {
    const inner = Array.from({ length: 300 }, (_, i) => `  const f${i} = () => ${i};`).join('\n');
    const text = `export function createThing() {\n${inner}\n  return { f0 };\n}\nconst small = () => 1;\n`;
    expect(outermostFunctions('thing.ts', text)).toEqual([
      { name: 'createThing', lines: 303 },
      { name: 'small', lines: 1 },
    ]);
  });
});
