/**
 * The contract suite's verification, served to the suite's worker by the run's setup as a module of its own
 * (`handedVerification` in src/runner/run-setup.ts).
 */
declare module 'virtual:upgrade-guard/contract-verification' {
  const verification: import('../contracts/suite-verification.ts').SuiteVerification;
  export default verification;
}
