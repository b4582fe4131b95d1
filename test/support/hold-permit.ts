/**
 * Takes one permit of `permits` (anything with `run`) with a task that runs
 * until released; resolves once the task holds it, so a test knows the
 * order of turns without waiting on the clock.
 */
export async function holdOne(permits: { run(task: () => Promise<void>): Promise<void> }): Promise<{ readonly holder: Promise<void>; readonly releaseHolder: () => void }> {
  let releaseHolder = (): void => undefined;
  let holding = (): void => undefined;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = permits.run(
    () =>
      new Promise<void>((resolve) => {
        releaseHolder = resolve;
        holding();
      }),
  );
  await held;
  return { holder, releaseHolder };
}
