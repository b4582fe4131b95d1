/**
 * Labels a failed module check with what the vendor's document of the
 * target's version says of it (src/conformance/vendor-agreement.ts), when
 * OPENAPI_DIR is set. Decided from the check's own exchanges and the
 * documents the user points to; each worker reads a document once, when a
 * failure first needs it (verify has already read the whole folder at its
 * start, and stops on a bad one there).
 */
import { inject } from 'vitest';
import { catalogModules, type CatalogModule } from '../catalog/types.ts';
import { modulePrefixes } from '../catalog/modules.ts';
import type { DocumentValidator } from '../conformance/document-validator.ts';
import { recordedModuleExchanges } from '../conformance/recorded-exchange.ts';
import '../conformance/settings.ts';
import { agreementOnAbsence, agreementOnBody, agreementOnRefusal, type VendorAgreement } from '../conformance/vendor-agreement.ts';
import { loadVendorDocument, type VendorDocument } from '../conformance/vendor-documents.ts';
import type { Exchange } from '../http/exchange-log.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import type { CheckLabels } from './annotate.ts';

/** The suites whose failures are module findings; the contracts and the conformance checks judge on their own terms. */
const notModuleFindings = new Set(['contract', 'conformance']);

const documents = new Map<string, VendorDocument | undefined>();
const validators = new Map<string, Promise<DocumentValidator>>();

/** What the vendor's document of `version` says of the check's exchanges, latest first; none without OPENAPI_DIR. */
export async function vendorAgreementOf(labels: CheckLabels, exchanges: readonly Exchange[], baseUrl: string, version: PlatformVersion): Promise<VendorAgreement | undefined> {
  const settings = inject('conformance');
  if (settings === undefined || !isModule(labels.module) || notModuleFindings.has(labels.feature)) return undefined;
  const recorded = recordedModuleExchanges('', baseUrl, exchanges, Object.values(modulePrefixes));
  for (const exchange of recorded.reverse()) {
    const module = catalogModules.find((candidate) => exchange.path.startsWith(`${modulePrefixes[candidate]}/`));
    const vendor = module === undefined ? undefined : documentOf(settings.openapiDir, module, version);
    if (vendor === undefined) continue;
    const validator = (): Promise<DocumentValidator> => validatorOf(vendor);
    const agreement = agreementOnAbsence(vendor, exchange) ?? (await agreementOnRefusal(vendor, validator, exchange)) ?? (await agreementOnBody(vendor, validator, exchange));
    if (agreement !== undefined) return agreement;
  }
  return undefined;
}

function isModule(module: string): module is CatalogModule {
  return (catalogModules as readonly string[]).includes(module);
}

function documentOf(dir: string, module: CatalogModule, version: PlatformVersion): VendorDocument | undefined {
  const key = `${dir}\n${module}\n${version}`;
  if (!documents.has(key)) documents.set(key, loadVendorDocument(dir, module, version));
  return documents.get(key);
}

function validatorOf(vendor: VendorDocument): Promise<DocumentValidator> {
  const key = `${vendor.file}\n${vendor.version}`;
  let validator = validators.get(key);
  if (validator === undefined) {
    // The validator library loads only when a refusal needs it: a run without failures never pays for it.
    validator = import('../conformance/document-validator.ts').then(({ DocumentValidator }) => DocumentValidator.create(vendor));
    validators.set(key, validator);
  }
  return validator;
}
