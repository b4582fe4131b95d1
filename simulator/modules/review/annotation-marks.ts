/**
 * GET /rm/rest/v1.0/pdftron_annotations/possible-marks — the marks an
 * annotation may carry, in both versions. It needs no fixture id, so it is
 * the review module's protected-endpoint probe.
 */
import { json, type Router } from '../../http/router.ts';
import { reviewModuleRoles } from './roles.ts';

const marks = [
  { id: 'ACCEPTED', localizedLabel: 'Accepted' },
  { id: 'REJECTED', localizedLabel: 'Rejected' },
  { id: 'CANCELLED', localizedLabel: 'Cancelled' },
  { id: 'COMPLETED', localizedLabel: 'Completed' },
  { id: 'NONE', localizedLabel: 'None' },
];

export function registerAnnotationMarks(router: Router): void {
  router.api('GET', '/rm/rest/v1.0/pdftron_annotations/possible-marks', reviewModuleRoles, () => json(200, marks));
}
