/** The planning module's endpoint changes, one check per catalog entry (see _lifecycle.ts). */
import { lifecycleChecks } from '../_lifecycle.ts';

lifecycleChecks('planning');
