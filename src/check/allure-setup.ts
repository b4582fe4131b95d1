/**
 * Setup file of every suite worker: known secrets are registered for
 * redaction before the first test runs.
 */
import { projectTargets, targetSecrets } from '../run-targets/current-target.ts';

// Creating a target's registry registers the target's secrets in it.
for (const target of projectTargets()) targetSecrets(target);
