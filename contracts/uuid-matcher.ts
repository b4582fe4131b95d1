/**
 * A UUID in either case. RFC 9562 §4: the hex digits of a UUID are
 * case-insensitive on input, and the spec types user and object UUIDs only
 * as "UUID"; Pact's own `uuid` matcher accepts lower-case digits only, so a
 * platform that writes them upper-case would break a contract it keeps.
 */
import { MatchersV3 } from './matchers.ts';

export const uuidRegex = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export function uuid(example: string): MatchersV3.Matcher<string> {
  return MatchersV3.regex(uuidRegex, example);
}
