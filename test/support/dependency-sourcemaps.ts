/**
 * A dependency that vite loads itself (`server.deps.inline`) keeps its
 * `//# sourceMappingURL` comment, and its published `.js.map` names the
 * TypeScript sources the package does not ship: vite then warns once per
 * file that the map "points to missing source files". Such a map can map a
 * stack frame to nothing, so these files load without it: the frames name
 * the published JavaScript, which is what is there to read.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** A source map reference on a line of its own, as compilers append it. */
const sourceMappingComment = /^\/\/# sourceMappingURL=.*$/gm;

/** Loads the JavaScript of the named packages (as spelled in `server.deps.inline`) without its source map. */
export function dependenciesWithoutSourcemaps(packages: readonly string[]): Plugin {
  const folders = packages.map((name) => `/node_modules/${name}/`);
  return {
    name: 'upgrade-guard:dependencies-without-sourcemaps',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.[cm]?js$/.test(file) || !folders.some((folder) => file.includes(folder))) return null;
      const code = await readFile(file, 'utf8');
      return { code: code.replace(sourceMappingComment, ''), map: null };
    },
  };
}
