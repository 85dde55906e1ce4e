// The benchmark's Response. Perry: the Web Response. Node: an object with
// the same fields, written by node_serve.ts with res.writeHead/res.end
// (undici's Response would cost Node a lot more).

type Init = { status?: number; headers?: Record<string, string> };

class PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  constructor(body?: string | null, init?: Init) {
    this.status = init?.status ?? 200;
    this.headers = init?.headers ?? {};
    this.body = body ?? "";
  }
}

const isNode = typeof process === "object" && typeof (process as any).versions?.node === "string";
export const R: any = isNode ? PlainResponse : Response;
