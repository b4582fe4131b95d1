/**
 * Vendor conformance: runs after every module suite of the run (its vitest
 * project is a later group) on the module exchanges their checks kept. One
 * check per endpoint (method + the vendor document's path template) and
 * version: every request must be valid against the vendor's document of the
 * module and version (path and query parameters, body), every response
 * status documented for the operation and every JSON body valid against its
 * schema. Violations that a departure row covers (src/conformance/departures.ts)
 * are observations.
 */
import { describe, inject, it } from 'vitest';
import * as allure from 'allure-js-commons';
import { moduleSections } from '../../src/catalog/modules.ts';
import type { CatalogModule } from '../../src/catalog/types.ts';
import { conformanceTitle } from '../../src/report/conformance-section.ts';
import { DocumentValidator } from '../../src/conformance/document-validator.ts';
import { conformanceCheckId, describeFinding, endpointResults, type EndpointResult, type ModuleDocument } from '../../src/conformance/endpoint-results.ts';
import { readExchanges } from '../../src/conformance/exchange-store.ts';
import { loadVendorDocuments } from '../../src/conformance/vendor-documents.ts';
import '../../src/conformance/settings.ts';
import type { PlatformVersion } from '../../src/profile/versions.ts';
import { annotateCheck } from '../../src/check/annotate.ts';
import { observe } from '../../src/check/observe.ts';
import { skipWithReason } from '../../src/check/skip.ts';
import { isCheckSelected } from '../../src/check/check.ts';
import { targetBreak } from '../../src/check/failure.ts';
import '../../src/run-targets/target-info.ts';

const settings = inject('conformance');
const { targets } = inject('runProject');

/** Failures listed in the message; the Allure attachment has them all. */
const MAX_LISTED = 8;

async function moduleDocuments(openapiDir: string, wanted: PlatformVersion): Promise<Partial<Record<CatalogModule, ModuleDocument>>> {
  const documents: Partial<Record<CatalogModule, ModuleDocument>> = {};
  for (const vendor of loadVendorDocuments(openapiDir).filter((candidate) => candidate.version === wanted)) {
    documents[vendor.module] = { file: vendor.file, validator: await DocumentValidator.create(vendor) };
  }
  return documents;
}

if (settings) {
  // The run's targets may be of both versions: each is judged by the documents of its own.
  const documentsByVersion = new Map<PlatformVersion, Promise<Partial<Record<CatalogModule, ModuleDocument>>>>();
  for (const target of targets) {
    if (!documentsByVersion.has(target.version)) documentsByVersion.set(target.version, moduleDocuments(settings.openapiDir, target.version));
  }
  for (const target of targets) {
    const documents = await documentsByVersion.get(target.version)!;
    const results = endpointResults(target.version, await readExchanges(settings.exchangesDir, target.name), documents);
    describe(target.name, () => {
      for (const result of results) registerConformanceCheck(target.name, result);
    });
  }
}

function registerConformanceCheck(targetName: string, result: EndpointResult): void {
  const id = conformanceCheckId(result.module, result.endpoint);
  if (!isCheckSelected(id)) return;
  const endpoint = `${result.endpoint.method} ${result.endpoint.path}`;
  it(`${conformanceTitle(endpoint)} [${id}]`, { meta: { target: targetName, version: result.version } }, async (context) => {
    context.task.meta.target = targetName;
    context.task.meta.version = result.version;
    await annotateCheck({ module: result.module, feature: 'conformance', story: endpoint, spec: moduleSections[result.module] }, inject('config').specUrl);
    await allure.parameter('version', result.version);
    await allure.parameter('target', targetName);
    await allure.label('check', id);
    if (result.document === undefined) {
      await skipWithReason(context, `no vendor document of the ${result.module} module for ${result.version} in OPENAPI_DIR`);
      return;
    }
    await allure.parameter('document', result.document);
    const findings = [...result.failures, ...result.departures, ...result.warnings];
    if (findings.length > 0) {
      const text = findings.map((finding) => `${finding.departure ? 'departure' : finding.violation.level}: ${describeFinding(finding)}`).join('\n');
      await allure.attachment('conformance findings', text, 'text/plain');
    }
    if (result.failures.length > 0) {
      const listed = result.failures.slice(0, MAX_LISTED).map((finding) => `  ${describeFinding(finding)}`);
      const more = result.failures.length > MAX_LISTED ? [`  … and ${result.failures.length - MAX_LISTED} more (see the attachment)`] : [];
      throw targetBreak([`${result.failures.length} violation(s) of ${result.document} in ${result.exchanges.length} exchange(s):`, ...listed, ...more].join('\n'));
    }
    if (result.departures.length > 0) {
      const sections = [...new Set(result.departures.map((finding) => `${finding.violation.side} ${finding.departure?.pointer} (spec ${finding.departure?.spec})`))];
      await skipWithReason(context, `observation: spec over vendor, ${sections.join('; ')}`);
      return;
    }
    await observe(context, `${result.exchanges.length} exchange(s) conform${result.warnings.length > 0 ? `, ${result.warnings.length} not judged` : ''}`);
  });
}
