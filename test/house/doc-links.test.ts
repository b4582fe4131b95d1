/**
 * The README and every page under docs/ link only to what is there: a
 * relative link names a file or folder of the repository, and a link to a
 * heading (`page.md#heading`, `#heading`) names a heading of that page, as
 * GitHub makes its anchors. The links are read with marked's lexer, so a
 * link inside code is not one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Lexer, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];

/** Every link and heading of a page, walking the lexer's tokens (inline tokens sit inside blocks, lists and tables). */
function walk(tokens: readonly Token[], links: string[], headings: string[]): void {
  for (const token of tokens) {
    if (token.type === 'link') links.push((token as Tokens.Link).href);
    if (token.type === 'heading') headings.push((token as Tokens.Heading).text);
    const nested: Token[] = [];
    if ('tokens' in token && Array.isArray(token.tokens)) nested.push(...(token.tokens as Token[]));
    if (token.type === 'list') for (const item of (token as Tokens.List).items) nested.push(...item.tokens);
    if (token.type === 'table') {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) nested.push(...cell.tokens);
    }
    walk(nested, links, headings);
  }
}

/** GitHub's anchor of a heading: lower case, markup and punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function read(page: string): { links: string[]; anchors: string[] } {
  const links: string[] = [];
  const headings: string[] = [];
  walk(new Lexer().lex(readFileSync(join(root, page), 'utf8')), links, headings);
  return { links, anchors: headings.map(anchorOf) };
}

describe('documentation links', () => {
  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const broken: string[] = [];
    for (const href of read(page).links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
      const [path = '', anchor] = href.split('#');
      const target = path === '' ? join(root, page) : join(root, dirname(page), decodeURI(path));
      if (!existsSync(target)) {
        broken.push(`${href}: no ${relative(root, target)}`);
        continue;
      }
      if (anchor !== undefined && target.endsWith('.md') && !read(relative(root, target)).anchors.includes(anchor)) {
        broken.push(`${href}: no heading #${anchor} in ${relative(root, target)}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
