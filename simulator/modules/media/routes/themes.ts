/**
 * GET /rest/mp/v1.2/themes: the MEDIA_DB category tree (spec §2, §4.4).
 * 7.4 answers one VisibleThemeTreeV2 object, the root with its children;
 * 8.0 answers an array of theme objects (the root's children) and adds
 * `useLanguageNamesResult`.
 */
import { json } from '../../../http/router.ts';
import { themeRoot, type Theme } from '../../../fixtures/media.ts';
import { badRequest } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { localize } from '../languages.ts';
import { readBoolean } from '../params.ts';
import type { MediaRoutes } from '../registrar.ts';

interface ThemeNode {
  readonly id: number;
  readonly name: Record<string, string>;
  readonly leaf: boolean;
  readonly disabled: boolean;
  readonly expanded: boolean;
  readonly children?: readonly ThemeNode[];
}

function themeNode(theme: Theme, useLanguageNames: boolean, expanded: boolean): ThemeNode {
  const node = { id: theme.id, name: localize(theme.name, useLanguageNames), leaf: theme.children.length === 0, disabled: theme.disabled, expanded };
  if (theme.children.length === 0) return node;
  return { ...node, children: theme.children.map((child) => themeNode(child, useLanguageNames, false)) };
}

export const registerThemeRoutes: MediaRoutes = (router, context) => {
  router.api('GET', '/rest/mp/v1.2/themes', mediaAccess, (request) => {
    if (context.version === '7.4') {
      const root = themeNode(themeRoot, true, true);
      if (context.faults.has('media-themes-array-in-7.4')) return json(200, root.children ?? []);
      return json(200, root);
    }
    const names = readBoolean(request.query, 'useLanguageNamesResult', true);
    if (!names.ok) return badRequest('useLanguageNamesResult must be true or false.');
    const root = themeNode(themeRoot, names.value, true);
    if (context.faults.has('media-themes-not-array')) return json(200, root);
    return json(200, root.children ?? []);
  });
};
