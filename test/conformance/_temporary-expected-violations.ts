/**
 * TEMPORARY. The violations of the vendor's documents that the embedded run
 * still shows while the simulator, our schemas and the suites' requests are
 * being aligned with the vendor (branch reality-shapes). Delete this file
 * (and its use in embedded-verify.test.ts) once the list is empty: from then
 * on every violation outside the departures table fails `npm test`.
 *
 * One key per violation: version, method, the vendor document's path
 * template, side, JSON pointer (array indices as `*`). Measured on an
 * embedded verify of branch reality-vendor before the alignment (85 keys);
 * what is left after it are refusal statuses the vendor documents no error
 * status for and the spec does not fix: 401 to the auth suites' probes
 * without a valid token, 404 for a group read after its delete.
 */
export const temporaryExpectedViolations: ReadonlySet<string> = new Set<string>([
  '7.4 GET /dse/rest/v1.0/dashboards/my-active response /status',
  '7.4 GET /maps/rest/api/{version}/group/{id} response /status',
  '8.0 GET /dse/rest/v1.0/dashboards/my-active response /status',
  '8.0 GET /maps/rest/api/{version}/group/{id} response /status',
]);
