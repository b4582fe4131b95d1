/** Whether a concrete path fits a path template (`{name}` stands for one non-empty segment). */
export function templateMatches(template: string, path: string): boolean {
  const want = template.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((segment, index) => (/^\{[^}]+\}$/.test(segment) ? got[index] !== '' : segment === got[index]));
}
