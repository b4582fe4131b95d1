import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets in constant time. Hashing first makes the inputs the
 * same length, so neither the content nor the length leaks through timing.
 */
export function safeEqual(presented: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
