import { createContext } from "react-router";

/**
 * Reads the loaders of one GET share: React Router runs the root loader and the page's side by side, and both want
 * the shopper's cart (the header's count, the page's lines). The first to ask reads; the others get the same promise.
 * Only for a GET or HEAD (the root middleware makes one): an action changes what it reads, so a POST has none, and
 * nothing here outlives the request.
 */
export class RequestMemo {
  readonly #reads = new Map<string, Promise<unknown>>();

  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let pending = this.#reads.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = read();
      this.#reads.set(key, pending);
      // A failed read is not kept: the next caller tries again (and sees its own error).
      pending.catch(() => this.#reads.delete(key));
    }
    return pending;
  }

  /** Whether `key` was read (or is being read) in this request. */
  has(key: string): boolean {
    return this.#reads.has(key);
  }

  /** After a change in the same request (the cart page removing discontinued lines), the next read is fresh. */
  forget(key: string): void {
    this.#reads.delete(key);
  }
}

export const requestMemoContext = createContext<RequestMemo | null>(null);

/** `read()` once per request under `key` when there is a memo, else every time. */
export function memoized<T>(memo: RequestMemo | null | undefined, key: string, read: () => Promise<T>): Promise<T> {
  return memo ? memo.once(key, read) : read();
}
