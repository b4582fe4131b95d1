/** The media module's endpoint changes, one check per catalog entry (see _lifecycle.ts). */
import { lifecycleChecks } from '../_lifecycle.ts';
import { aiTaggingStateChecks } from './_ai-tagging-state.ts';

// First and in this file: they and the lifecycle's POST …/ai-tagging move the same service state (see _ai-tagging-state.ts).
aiTaggingStateChecks();
lifecycleChecks('media');
