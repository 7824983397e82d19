/**
 * No import cycle in src/, type-only imports included. ESLint's `import-x/no-cycle` (eslint.config.js)
 * holds the cycles that run; it skips `import type`, which the compiler erases, yet a sheet that
 * takes its props type from the host that renders it is still two files that cannot be read apart
 * (issue 30). This walks every import the compiler sees, resolved by tsconfig.json (aliases too).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(SRC, name));
}

/** Every file of src/ with the files of src/ it imports (static, type-only and dynamic imports). */
function importGraph(): Map<string, string[]> {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((ref) => ts.resolveModuleName(ref.fileName, file, options, ts.sys).resolvedModule)
      .filter((resolved) => resolved !== undefined && !resolved.isExternalLibraryImport)
      .map((resolved) => resolved!.resolvedFileName)
      .filter((target) => target.startsWith(SRC + path.sep));
    graph.set(file, targets);
  }
  return graph;
}

/** The groups of files that reach each other (Tarjan's strongly connected components), size > 1. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, order.get(next)!));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(path.relative(ROOT, member));
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  // Some 1,100 files read and resolved: a few seconds, more on a busy machine.
  let graph = new Map<string, string[]>();
  beforeAll(() => {
    graph = importGraph();
  }, 120_000);

  it('form no cycle in src/, counting type-only and dynamic imports', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles(graph)).toEqual([]);
  });

  it('would see a cycle through a type-only import and an alias', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['src/a.ts', 'src/b.ts']]);
    // The graph resolves what the compiler resolves: the host's sheets import their props type.
    const host = path.join(SRC, 'web/features/sub-accounts/members/MemberActionHost.tsx');
    expect(graph.get(host)).toContain(path.join(SRC, 'web/features/sub-accounts/members/member-sheet.ts'));
  });
});
