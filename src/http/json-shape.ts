/**
 * What a JSON value is, in a few words, for a message that says what came
 * where something else was due: `a JSON string "{\"rows\": …"`, `an array of 3`,
 * `an object with members id, name`. A preview is cut short; a body is the
 * target's answer, never a secret of ours (the exchange log redacts those).
 */
const previewLength = 80;

export function jsonShape(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `a JSON string ${JSON.stringify(value.length > previewLength ? `${value.slice(0, previewLength)}…` : value)}`;
  if (typeof value === 'object') {
    const names = Object.keys(value);
    return names.length === 0 ? 'an empty object' : `an object with members ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}`;
  }
  return `a JSON ${typeof value} ${JSON.stringify(value)}`;
}
