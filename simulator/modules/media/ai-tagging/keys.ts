/** Keys of AI tagging configurations and providers: short slugs such as `default-image-labels`. */
const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function isAiKey(value: string | undefined): value is string {
  return value !== undefined && keyPattern.test(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}
