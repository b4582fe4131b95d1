/**
 * Reads one OAuth parameter. RFC 6749 §3.1: a parameter sent without a value
 * is treated as if it were omitted.
 */
export function oauthParameter(parameters: URLSearchParams, name: string): string | undefined {
  const value = parameters.get(name);
  return value === null || value === '' ? undefined : value;
}

/** RFC 6749 §3.1 / §3.2: request parameters must not be included more than once. */
export function repeatedParameter(parameters: URLSearchParams): string | undefined {
  const seen = new Set<string>();
  for (const name of parameters.keys()) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}
