import { describe, expect, test } from "vitest";
import { sendTimes } from "./send-time.js";

/** A clock that moves only when told, and a sleep that records what it was asked to wait. */
function fixture() {
  let clock = 0;
  const slept: number[] = [];
  const times = sendTimes(() => clock, async (ms) => void slept.push(ms));
  const send = (ms: number, fail = false) => times.timed("smtp", async () => {
    clock += ms;
    if (fail) throw new Error("refused");
  });
  return { times, slept, send };
}

describe("send times", () => {
  test("nothing sent yet: no wait", async () => {
    const { times, slept } = fixture();
    await times.waitLikeASend("smtp");
    expect(slept).toEqual([]);
  });

  test("a request that sends nothing waits the running average of recent sends, per transport", async () => {
    const { times, slept, send } = fixture();
    await send(100);
    await times.waitLikeASend("smtp");
    await send(200);
    await times.waitLikeASend("smtp");
    await times.waitLikeASend("other");
    expect(slept).toEqual([100, 120]);
  });

  test("a failed send is timed too, and its error passes through", async () => {
    const { times, send } = fixture();
    await expect(send(50, true)).rejects.toThrow("refused");
    expect(times.typical("smtp")).toBe(50);
  });
});
