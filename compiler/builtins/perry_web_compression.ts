// perry:web-compression: CompressionStream and DecompressionStream (Compression Streams
// standard) as Node 20 has them, for "gzip", "deflate" and "deflate-raw": TransformStreams
// over flate2 (`stdlib/src/compression.rs`), fed chunk by chunk. The module graph evaluates
// this module first when some module's source names one of them (`modules::Graph::finish`).
import { inspect } from "node:util";
import { TransformStream } from "perry:web-streams";

const native: {
  create(format: string, decompress: boolean): number;
  push(id: number, chunk: Uint8Array): Uint8Array;
  finish(id: number): Uint8Array;
  free(id: number): void;
} = __perry_native("compression");

const G: any = Function("return this")();
const FORMATS = ["deflate", "deflate-raw", "gzip"];

// A stream's native state is freed when its transformer (which the TransformStream keeps while
// data can still flow) is collected unfinished.
const unfinished = new FinalizationRegistry<number>((id) => native.free(id));

function invalidFormat(format: unknown): TypeError {
  const shown = typeof format === "string" ? `'${format}'` : inspect(format);
  const e: any = new TypeError(`The argument 'format' is invalid. Received ${shown}`);
  e.code = "ERR_INVALID_ARG_VALUE";
  return e;
}

function chunkBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  const e: any = new TypeError(`The "chunk" argument must be of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer.`);
  e.code = "ERR_INVALID_ARG_TYPE";
  throw e;
}

function transformStream(format: unknown, decompress: boolean): TransformStream<BufferSource, Uint8Array> {
  if (typeof format !== "string" || !FORMATS.includes(format)) throw invalidFormat(format);
  const id = native.create(format, decompress);
  let done = false;
  const end = () => {
    if (!done) {
      done = true;
      unfinished.unregister(transformer);
    }
  };
  const transformer: Transformer<BufferSource, Uint8Array> = {
    transform(chunk, controller) {
      try {
        const out = native.push(id, chunkBytes(chunk));
        if (out.length > 0) controller.enqueue(out);
      } catch (e) {
        end();
        native.free(id);
        throw e;
      }
    },
    flush(controller) {
      end();
      const out = native.finish(id);
      if (out.length > 0) controller.enqueue(out);
    },
  };
  unfinished.register(transformer, id, transformer);
  return new TransformStream(transformer);
}

/** CompressionStream or DecompressionStream: a TransformStream's two ends, made for `format`. */
function streamClass(name: string, decompress: boolean) {
  const C = class {
    #ts: TransformStream<BufferSource, Uint8Array>;
    constructor(format: CompressionFormat) {
      this.#ts = transformStream(format, decompress);
    }
    get readable(): ReadableStream<Uint8Array> {
      return this.#ts.readable;
    }
    get writable(): WritableStream<BufferSource> {
      return this.#ts.writable;
    }
    [Symbol.for("nodejs.util.inspect.custom")](depth: number | null, options: any) {
      if (typeof depth === "number" && depth < 0) return name;
      const opts = { ...options, depth: typeof depth === "number" ? depth - 1 : depth };
      return `${name} ${inspect({ readable: this.#ts.readable, writable: this.#ts.writable }, opts)}`;
    }
  };
  Object.defineProperty(C, "name", { value: name });
  return C;
}

const CompressionStream = streamClass("CompressionStream", false);
const DecompressionStream = streamClass("DecompressionStream", true);

for (const C of [CompressionStream, DecompressionStream]) {
  Object.defineProperty(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });
  Object.defineProperty(G, C.name, { value: C, writable: true, configurable: true, enumerable: false });
}

export { CompressionStream, DecompressionStream };
