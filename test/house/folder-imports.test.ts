/**
 * The house keeps one direction of imports between folders (README "Where to start in the code"):
 * no two folders import each other, and the simulator, an independent
 * implementation of the platform, imports nothing of the harness, the
 * suites, the contracts or the tests (DESIGN.md "The simulator is an
 * independent implementation"). Read off the source, so a new import that
 * breaks either rule fails here, naming the files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const roots = ['src', 'simulator', 'suites', 'contracts'] as const;
const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * A file's folder unit: the first folder below a root (`src/auth`). A file
 * that sits in a root itself (`src/errors.ts`, `simulator/platform.ts`) is a
 * unit of its own: a root's files compose or serve its folders.
 */
function unitOf(file: string): string {
  const parts = file.split(sep);
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file;
}

function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(root, file));
}

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly fromFile: string;
  readonly toFile: string;
}

const edges: Edge[] = roots.flatMap((root) =>
  sourceFiles(root).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(specifier)].map((match) => {
      const target = normalize(join(dirname(file), match[1] ?? ''));
      return { from: unitOf(file), to: unitOf(relative('.', target)), fromFile: file, toFile: target };
    }),
  ),
);

describe('the direction of imports', () => {
  it('reads the imports of the tree', () => {
    expect(edges.length).toBeGreaterThan(300);
  });

  it('no two folders import each other', () => {
    const seen = new Map<string, Edge>();
    for (const edge of edges) if (edge.from !== edge.to) seen.set(`${edge.from} -> ${edge.to}`, edge);
    const twoWay = [...seen.values()]
      .filter((edge) => edge.from < edge.to && seen.has(`${edge.to} -> ${edge.from}`))
      .map((edge) => `${edge.from} <-> ${edge.to} (${edge.fromFile} -> ${edge.toFile}; ${seen.get(`${edge.to} -> ${edge.from}`)?.fromFile})`);
    expect(twoWay).toEqual([]);
  });

  it('the simulator imports nothing of the harness, the suites, the contracts or the tests', () => {
    const outward = edges.filter((edge) => edge.from.startsWith('simulator') && !edge.to.startsWith('simulator'));
    expect(outward.map((edge) => `${edge.fromFile} -> ${edge.toFile}`)).toEqual([]);
  });
});
