// What `import t from 'tap'` gives a test file run in a batch (ops/test/batch.ts): the subtest the
// batch opened for that file, so that the file's tests, plans and teardowns are its own and end
// with it, as they end with the process when the file runs alone.
import type { Test } from 'tap';

let current: Test | null = null;

/** The subtest that the test file now being run is given as its `t`. */
export function runFileIn(test: Test | null): void {
  current = test;
}

function running(): Test {
  if (!current) throw new Error("a test file's `t` was used outside its run in the batch");
  return current;
}

// Test files keep `import t from 'tap'`, typed as tap's root; a batch hands them a subtest, which
// has every method they use.
const fileTest: Test = new Proxy({} as Test, {
  get(_target, key) {
    const test = running();
    const value: unknown = Reflect.get(test, key, test);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(test) : value;
  },
  set(_target, key, value) {
    return Reflect.set(running(), key, value);
  },
});

export default fileTest;
