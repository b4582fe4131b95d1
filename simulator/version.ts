/** The platform versions the simulator can impersonate. Defined here, not imported from the suite: the simulator is an independent implementation. */
export const simVersions = ['7.4', '8.0'] as const;
export type SimVersion = (typeof simVersions)[number];

export function isSimVersion(value: string): value is SimVersion {
  return (simVersions as readonly string[]).includes(value);
}
