// node:timers/promises: promise-returning timers (without AbortSignal).
export function setTimeout<T = void>(delay?: number, value?: T): Promise<T> {
  return new Promise((resolve) => globalThis.setTimeout(() => resolve(value as T), delay));
}

export function setImmediate<T = void>(value?: T): Promise<T> {
  return new Promise((resolve) => globalThis.setImmediate(() => resolve(value as T)));
}

export async function* setInterval<T = void>(delay?: number, value?: T): AsyncGenerator<T> {
  for (;;) {
    await new Promise((resolve) => globalThis.setTimeout(resolve, delay));
    yield value as T;
  }
}

export const scheduler = {
  wait(delay: number): Promise<void> {
    return setTimeout(delay);
  },
  yield(): Promise<void> {
    return setImmediate();
  },
};
