// One of four files alike: each worker loads one (run.ts).
import { loadingFile } from './load-probe.ts';

await loadingFile();
