// FIXME(wip-web): until the Web globals land, `R` is a stand-in with the
// fields the temporary bridge (crates/ext-http/src/bridge.rs) reads; once
// they land, `R` is the real Response and this class goes away.

type Init = { status?: number; headers?: Record<string, string> };

class StandInResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  constructor(body?: string | null, init?: Init) {
    this.status = init?.status ?? 200;
    this.headers = init?.headers ?? {};
    this.body = body ?? "";
  }
  static json(data: unknown, init?: Init): StandInResponse {
    return new StandInResponse(JSON.stringify(data), { status: init?.status, headers: { "content-type": "application/json", ...(init?.headers ?? {}) } });
  }
}

export const R: any = typeof Response === "function" ? Response : StandInResponse;
