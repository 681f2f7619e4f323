/**
 * Where `npm start` listens: 127.0.0.1 unless told otherwise, and a taken port is an error that
 * says so (exit code 1), not a "running" line.
 */
import { connect, createServer } from "node:net";
import { networkInterfaces } from "node:os";
import { afterEach, describe, expect, test } from "vitest";
import { listenAddress } from "../src/listen.js";
import { freePort, startDemo, type StartedDemo } from "./start-helpers.js";

const started: StartedDemo[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((demo) => demo.stop()));
});

function launch(...args: Parameters<typeof startDemo>): StartedDemo {
  const demo = startDemo(...args);
  started.push(demo);
  return demo;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** An IPv4 address of this machine that is not loopback, if it has one. */
const outward = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

describe("listenAddress", () => {
  test("127.0.0.1:3000 by default; HOST/PORT, then --host/--port, override", () => {
    expect(listenAddress([], {})).toEqual({ host: "127.0.0.1", port: 3000 });
    expect(listenAddress([], { HOST: "0.0.0.0", PORT: "4000" })).toEqual({ host: "0.0.0.0", port: 4000 });
    expect(listenAddress(["--host", "::", "--port=5000"], { HOST: "0.0.0.0", PORT: "4000" })).toEqual({ host: "::", port: 5000 });
  });

  test("a port that is not one is refused", () => {
    expect(() => listenAddress(["--port", "eighty"], {})).toThrow(/"eighty" is not a port/);
  });
});

describe("npm start", { timeout: 120_000 }, () => {
  test("binds 127.0.0.1 by default and every interface with --host 0.0.0.0", async () => {
    const local = launch({ port: await freePort(), oidcPort: await freePort() });
    const open = launch({ port: await freePort(), oidcPort: await freePort(), args: ["--host", "0.0.0.0"] });
    const [localPort, openPort] = (await Promise.all([local.ready, open.ready])).map((origin) => Number(new URL(origin).port)) as [number, number];
    expect(await accepts("127.0.0.1", localPort)).toBe(true);
    if (outward) expect(await accepts(outward, localPort)).toBe(false);
    expect(open.output()).toContain("reachable from the network");
    if (outward) expect(await accepts(outward, openPort)).toBe(true);
  });

  test("a port in use: says so and exits non-zero, without claiming to run", async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    const second = launch({ port, oidcPort: await freePort() });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`port ${port} is already in use on 127.0.0.1`);
    expect(second.output()).not.toContain("Latch demo on");
    // One clear message: npm adds no lines of its own about the failed script.
    expect(second.output()).not.toContain("npm error");
    expect(second.output().match(/already in use/g)).toHaveLength(1);
    await new Promise((resolve) => taken.close(resolve));
  });
});
