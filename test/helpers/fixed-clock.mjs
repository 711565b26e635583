// Preloaded with `node --import=<this file's URL>?at=<ISO instant>`: the process believes it is that
// instant, and its clock runs on from there. `new Date()` and `Date.now()` are shifted; dates built
// from a value, timers and performance.now() are not. The demo's tests run the demo and the server
// it starts (which inherits NODE_OPTIONS) on fixed days this way: a month's first day, 1 January...
const at = new URL(import.meta.url).searchParams.get("at");
const target = at === null ? Number.NaN : Date.parse(at);
if (Number.isNaN(target)) throw new Error(`fixed-clock.mjs needs ?at=<ISO instant>, got ${at}`);

const RealDate = Date;
const offset = target - RealDate.now();
const now = () => RealDate.now() + offset;

// A proxy, not a subclass: Date.prototype stays the real one, which libraries that copy its
// methods (@date-fns/tz's TZDate) rely on.
globalThis.Date = new Proxy(RealDate, {
  construct: (date, args, newTarget) =>
    Reflect.construct(date, args.length === 0 ? [now()] : args, newTarget),
  apply: () => new RealDate(now()).toString(),
  get: (date, key, receiver) => (key === "now" ? now : Reflect.get(date, key, receiver)),
});
