/**
 * A redis-server of a suite's own, for tests that stop and restart it: on a free loopback port, in
 * a folder of its own, with AOF on (every write synced) so that a restart keeps what was written.
 * It is never the machine's shared Redis, so restarting it disturbs no other suite.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./example-app.js";

/** A running redis-server of {@link startOwnRedis}. */
export interface OwnRedis {
  url: string;
  host: string;
  port: number;
  /** SIGTERM, wait for the exit, start again on the same port and folder. */
  restart(): Promise<void>;
  /** SIGTERM and wait for the exit; {@link OwnRedis.start} brings it back with what AOF kept. */
  stop(): Promise<void>;
  /** Starts it again after {@link OwnRedis.stop}. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** Starts a redis-server with AOF in a new folder on a free port. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = mkdtempSync(join(tmpdir(), "latch-own-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""], { stdio: "ignore" });
    await waitForPort(port, "redis-server");
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    async restart() {
      await stop();
      await start();
    },
    stop,
    start,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until something accepts connections on 127.0.0.1:`port` (10 s at most); `what` names it in the error. */
export async function waitForPort(port: number, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not listen on port ${port}`);
}

/** What {@link redisKeysUnder} asks of a Redis client (ioredis's `scan`). */
export interface ScanningRedis {
  scan(cursor: string, match: "MATCH", pattern: string, count: "COUNT", size: number): Promise<[string, string[]]>;
}

/** Every key under `prefix`, found with `SCAN` (never `KEYS`): what a suite wrote, to check or remove. */
export async function redisKeysUnder(redis: ScanningRedis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    found.push(...batch);
    cursor = next;
  } while (cursor !== "0");
  return found;
}
