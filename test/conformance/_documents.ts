/** The vendor's documents as CI has them, next to the repository (never copied into it). */
import { fileURLToPath } from 'node:url';

export const referenceOpenapiDir = fileURLToPath(new URL('../../../shared/reference/openapi', import.meta.url));
