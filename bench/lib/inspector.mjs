/**
 * The V8 inspector of a child started with `--inspect=127.0.0.1:0`, for one question RSS cannot
 * answer: how much of the heap is still alive after a full garbage collection. A leak grows that;
 * JIT code and V8 sizing its heap up grow RSS without it.
 */
import { WebSocket } from "undici";

/** Connects to the inspector of a StdioClient's process, from its "Debugger listening on ws://…" line. */
export async function connectInspector(client) {
  const pattern = /Debugger listening on (ws:\/\/\S+)/;
  const url = await new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(client.stderr);
      if (!match) return false;
      client.child.stderr.off("data", onData);
      resolve(match[1]);
      return true;
    };
    // StdioClient keeps stderr; the line may already be there, or still to come.
    const onData = () => setImmediate(check);
    if (check()) return;
    client.child.stderr.on("data", onData);
    client.child.once("exit", () =>
      reject(new Error(`exited before its inspector listened:\n${client.stderr}`)),
    );
  });
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result)));
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** Live heap in MiB after a full collection (run twice: finalizers free more on the second). */
    async heapAfterGcMiB() {
      await send("HeapProfiler.collectGarbage");
      await send("HeapProfiler.collectGarbage");
      const { usedSize } = await send("Runtime.getHeapUsage");
      return usedSize / 2 ** 20;
    },
    /** A heap snapshot (after a full collection), parsed: { snapshot: { meta }, nodes, strings, … }. */
    async heapSnapshot() {
      const chunks = [];
      const collect = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.method === "HeapProfiler.addHeapSnapshotChunk") chunks.push(message.params.chunk);
      };
      socket.addEventListener("message", collect);
      await send("HeapProfiler.collectGarbage");
      await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      socket.removeEventListener("message", collect);
      return JSON.parse(chunks.join(""));
    },
    /** The child's process.memoryUsage() in MiB (rss, heapTotal, heapUsed, external, arrayBuffers), without a collection. */
    async memoryUsageMiB() {
      const { result } = await send("Runtime.evaluate", {
        expression: "JSON.stringify(process.memoryUsage())",
        returnByValue: true,
      });
      return Object.fromEntries(Object.entries(JSON.parse(result.value)).map(([k, v]) => [k, v / 2 ** 20]));
    },
    close: () => socket.close(),
  };
}
