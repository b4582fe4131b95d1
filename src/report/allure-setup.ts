/**
 * Setup file of every suite worker: known secrets are registered for
 * redaction before the first test runs, and Allure gets the run's
 * environment once per worker.
 */
import { projectTargets } from '../target/current-target.ts';
import { registerTargetSecrets } from '../target/sessions.ts';

for (const target of projectTargets()) registerTargetSecrets(target);
