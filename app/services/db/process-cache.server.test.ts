import { afterEach, describe, expect, it, vi } from "vitest";
import type { Executor } from "./client.server";
import { cachedPerProcess, clearProcessCaches, PROCESS_CACHE_TTL_MS, setProcessCacheTtl } from "./process-cache.server";
import { memoized, RequestMemo } from "../platform/request-memo.server";

// Stand-ins for database handles: the cache keeps its entries per handle object.
const db = {} as Executor;
const otherDb = {} as Executor;

afterEach(() => {
  vi.useRealTimers();
  setProcessCacheTtl(PROCESS_CACHE_TTL_MS);
});

describe("cachedPerProcess", () => {
  it("loads once within the TTL, again after it, and shares a load in flight", async () => {
    vi.useFakeTimers();
    clearProcessCaches();
    const load = vi.fn(async () => ["row"]);
    const [a, b] = await Promise.all([cachedPerProcess(db, "t", load), cachedPerProcess(db, "t", load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PROCESS_CACHE_TTL_MS - 1);
    await cachedPerProcess(db, "t", load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cachedPerProcess(db, "t", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps each database's copy apart, forgets everything when cleared, and caches nothing with a TTL of 0", async () => {
    clearProcessCaches();
    const load = vi.fn(async () => 1);
    await cachedPerProcess(db, "t", load);
    await cachedPerProcess(otherDb, "t", load);
    expect(load).toHaveBeenCalledTimes(2);
    clearProcessCaches();
    await cachedPerProcess(db, "t", load);
    expect(load).toHaveBeenCalledTimes(3);
    setProcessCacheTtl(0);
    await cachedPerProcess(db, "t", load);
    await cachedPerProcess(db, "t", load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("does not keep a failed load", async () => {
    clearProcessCaches();
    const load = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("up");
    await expect(cachedPerProcess(db, "t", load)).rejects.toThrow("down");
    await expect(cachedPerProcess(db, "t", load)).resolves.toBe("up");
  });
});

describe("RequestMemo", () => {
  it("reads a key once, again after forget, and every time without a memo", async () => {
    const memo = new RequestMemo();
    const read = vi.fn(async () => ({ groups: [] }));
    const [a, b] = await Promise.all([memo.once("cart", read), memo.once("cart", read)]);
    expect(a).toBe(b);
    expect(read).toHaveBeenCalledTimes(1);
    memo.forget("cart");
    await memo.once("cart", read);
    expect(read).toHaveBeenCalledTimes(2);
    await memoized(null, "cart", read);
    await memoized(undefined, "cart", read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it("does not keep a failed read", async () => {
    const memo = new RequestMemo();
    const read = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("up");
    await expect(memo.once("cart", read)).rejects.toThrow("down");
    await expect(memo.once("cart", read)).resolves.toBe("up");
  });
});
