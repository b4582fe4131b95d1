/** The setting CI services (and .ci/run) give every job; any value but `false`, `0` or empty counts. */
export function underCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}
