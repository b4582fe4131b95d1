/** The vendor's documents as CI has them, next to the repository (never copied into it): test/support/shared-documents.ts. */
export { vendorOpenapiDir as referenceOpenapiDir } from '../support/shared-documents.ts';
