/** The run targets of test/report/_run-report-suites.ts, by what each shows. */
export const reportTargets = {
  clean74: 'embedded 7.4',
  clean80: 'embedded 8.0',
  headersSent: 'headers sent 8.0',
  headersMalformed: 'headers malformed 8.0',
  fault: 'planning faults 8.0',
} as const;
