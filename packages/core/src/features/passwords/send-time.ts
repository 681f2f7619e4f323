// How long the password emails take to send, so that a request that sends nothing (a reset for
// an address without an account) can take about as long as one that sends (OWASP Forgot Password
// Cheat Sheet: responses must not reveal, by their time, which accounts exist).

/** Keeps a recent typical send time per transport and waits that long on request. */
export interface SendTimes {
  /** Runs `send`, timing it (also when it throws), under the transport's id. */
  timed<T>(transport: string, send: () => Promise<T>): Promise<T>;
  /** Waits about as long as sending through `transport` took lately (at once when nothing was sent yet). */
  waitLikeASend(transport: string): Promise<void>;
  /** The typical send time of `transport` in milliseconds, `undefined` before its first send. */
  typical(transport: string): number | undefined;
}

/** Weight of the newest measure in the running average. */
const weight = 0.2;

/**
 * Send times over `now` (milliseconds) and `sleep`, both injectable for tests. Each transport's
 * time is an exponentially weighted average of its sends, so one slow send moves it little.
 */
export function sendTimes(now: () => number = () => performance.now(), sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))): SendTimes {
  const averages = new Map<string, number>();
  return {
    async timed(transport, send) {
      const start = now();
      try {
        return await send();
      } finally {
        const took = now() - start;
        const previous = averages.get(transport);
        averages.set(transport, previous === undefined ? took : previous * (1 - weight) + took * weight);
      }
    },
    waitLikeASend(transport) {
      const ms = averages.get(transport);
      return ms ? sleep(ms) : Promise.resolve();
    },
    typical: (transport) => averages.get(transport),
  };
}

/** The send times of this process. */
export const passwordSendTimes: SendTimes = sendTimes();
