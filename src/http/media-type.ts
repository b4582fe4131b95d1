/**
 * Media types of responses, parsed by Node's WHATWG MIME type parser
 * (`util.MIMEType`), never by a pattern of our own.
 */
import { MIMEType } from 'node:util';

/** The `type/subtype` of a Content-Type value, lower case; undefined when absent or not a media type. */
export function mediaTypeEssence(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  try {
    return new MIMEType(contentType).essence;
  } catch {
    return undefined;
  }
}

/** JSON: `application/json` (RFC 8259 §11), or any `+json` structured syntax suffix (RFC 6839 §3.1). */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const essence = mediaTypeEssence(contentType);
  if (essence === undefined) return false;
  const subtype = essence.slice(essence.indexOf('/') + 1);
  return subtype === 'json' || subtype.endsWith('+json');
}
