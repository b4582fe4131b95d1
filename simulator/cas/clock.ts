/**
 * The CAS reads time through a clock so that a test can move it forward
 * instead of sleeping through a token lifetime or a code's 60 seconds.
 */
export type Clock = () => number;

/** Milliseconds since the epoch, as Date.now. */
export const systemClock: Clock = () => Date.now();
