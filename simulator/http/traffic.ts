/**
 * A slow network in front of the platform, for benchmarks: every request is
 * held `addedLatencyMs` before it is answered (as a far-away staging costs
 * 50–300 ms a request), and the meter counts what a latency proxy would see:
 * requests, the sum of their durations (arrival to the last byte sent or the
 * connection closing) and the most that were in flight at once. One meter
 * may serve several instances: it then counts them as one target.
 */
import type { RequestListener } from 'node:http';

export interface TrafficStats {
  readonly requests: number;
  /** The sum of every request's duration, the added latency included. */
  readonly latencySumMs: number;
  /** The most requests in flight at once, over every instance the meter serves. */
  readonly peakInFlight: number;
  readonly addedLatencyMs: number;
  /** Each request's arrival and end, in ms since the epoch (performance.timeOrigin + now), for merging meters. */
  readonly intervals: readonly (readonly [number, number])[];
}

export class TrafficMeter {
  readonly addedLatencyMs: number;
  #requests = 0;
  #latencySumMs = 0;
  #inFlight = 0;
  #peakInFlight = 0;
  readonly #intervals: [number, number][] = [];

  constructor(addedLatencyMs = 0) {
    if (!Number.isInteger(addedLatencyMs) || addedLatencyMs < 0) throw new RangeError(`added latency must be a whole number of ms, got ${addedLatencyMs}`);
    this.addedLatencyMs = addedLatencyMs;
  }

  stats(): TrafficStats {
    return {
      requests: this.#requests,
      latencySumMs: this.#latencySumMs,
      peakInFlight: this.#peakInFlight,
      addedLatencyMs: this.addedLatencyMs,
      intervals: this.#intervals.map(([start, end]) => [start, end] as const),
    };
  }

  /** The listener, metered, and held back by the added latency before it answers. */
  wrap(listener: RequestListener): RequestListener {
    return (request, response) => {
      const arrived = performance.now();
      this.#requests += 1;
      this.#inFlight += 1;
      this.#peakInFlight = Math.max(this.#peakInFlight, this.#inFlight);
      // 'close' comes once per response: after the last byte was handed to the socket, or when the connection broke.
      response.once('close', () => {
        const done = performance.now();
        this.#inFlight -= 1;
        this.#latencySumMs += done - arrived;
        this.#intervals.push([performance.timeOrigin + arrived, performance.timeOrigin + done]);
      });
      if (this.addedLatencyMs === 0) listener(request, response);
      else setTimeout(() => listener(request, response), this.addedLatencyMs);
    };
  }
}
