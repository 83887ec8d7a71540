import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES } from "~/models/file-type";
import { readImageUpload } from "~/services/prescriptions/upload-input.server";
import { MAX_REQUEST_BODY_BYTES, requestBodyLimits } from "./request-bodies";

// A real HTTP server and a real client (node:http): the store's body limits in front, and behind them the upload
// reader as the routes call it, over the request stream React Router's adapter makes. The answers must arrive,
// whatever the client declares or keeps sending.

let server: http.Server;
let base: string;
const LINGER_MS = 1_000;

beforeAll(async () => {
  const app = express();
  app.use(requestBodyLimits({ lingerMs: LINGER_MS }));
  app.post(["/api/images", "/upload-rx"], async (req, res) => {
    // As @react-router/express hands the body to a route: a web stream over the node request.
    const request = new Request(`http://store.test${req.url}`, {
      method: "POST",
      headers: req.headers as Record<string, string>,
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    const input = await readImageUpload(request, { fileFields: ["images", "image"] });
    if (!input.ok) res.status(input.status).json({ error: input.message });
    else res.status(201).json({ bytes: input.file?.bytes.length ?? 0 });
  });
  server = http.createServer(app);
  server.on("checkContinue", app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** Whether the client saw the connection fail before the answer came. */
  error: string | null;
  continued: boolean;
}

/**
 * Posts with the given headers, writes `send` (a few bytes, or a generator that keeps writing), and gives what came
 * back first: the answer, or the connection's error.
 */
function post(path: string, headers: Record<string, string>, send: (req: http.ClientRequest) => void): Promise<Answer> {
  return new Promise((resolve) => {
    let continued = false;
    const req = http.request(`${base}${path}`, { method: "POST", headers });
    req.on("continue", () => {
      continued = true;
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers, error: null, continued }));
      res.on("error", () => resolve({ status: res.statusCode!, body, headers: res.headers, error: null, continued }));
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, body: "", headers: {}, error: error.code ?? error.message, continued }),
    );
    send(req);
  });
}

const BOUNDARY = "----limit-test";
const PART_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="rx.jpg"\r\n\r\n`;
const multipart = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };

describe("a body over the limit is answered 413 before the connection closes", () => {
  it("a declared 200 MB body, of which only a few bytes are sent: JSON for api/*", async () => {
    const answer = await post("/api/images", { ...multipart, "content-length": String(200 * 1024 * 1024) }, (req) =>
      req.write(PART_HEAD),
    );
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
  });

  it("the same for a form: a page with the message", async () => {
    const answer = await post(
      "/upload-rx",
      { ...multipart, "content-length": String(200 * 1024 * 1024), accept: "text/html" },
      (req) => req.write(PART_HEAD),
    );
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.body).toContain(UPLOAD_MESSAGES.tooLarge);
  });

  it("a client still sending the declared body at full speed gets the answer", async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    let sent = 0;
    const answer = await post("/api/images", { ...multipart, "content-length": String(200 * 1024 * 1024) }, (req) => {
      req.write(PART_HEAD);
      const pump = () => {
        // Keeps writing as fast as the socket takes it, until the connection ends (or 200 MB).
        while (!req.destroyed && sent < 200 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
      };
      req.on("error", () => {});
      pump();
    });
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(413);
  });

  it("a chunked body (no length declared) that runs over while streaming: 413, not a reset", async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x42);
    const answer = await post("/api/images", { ...multipart, "transfer-encoding": "chunked" }, (req) => {
      req.write(PART_HEAD);
      let sent = 0;
      const pump = () => {
        while (!req.destroyed && sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
      };
      req.on("error", () => {});
      pump();
    });
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
  });

  it("Expect: 100-continue over the limit is refused without asking for the body; within it, the body is asked for", async () => {
    const refused = await post(
      "/api/images",
      { ...multipart, "content-length": String(200 * 1024 * 1024), expect: "100-continue" },
      () => {},
    );
    expect(refused).toMatchObject({ status: 413, continued: false, error: null });

    const body = Buffer.concat([
      Buffer.from(PART_HEAD),
      Buffer.from([0xff, 0xd8, 0xff, 0]),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const taken = await post(
      "/api/images",
      { ...multipart, "content-length": String(body.length), expect: "100-continue" },
      (req) => req.once("continue", () => req.end(body)),
    );
    expect(taken).toMatchObject({ status: 201, continued: true, error: null });
    expect(JSON.parse(taken.body)).toEqual({ bytes: 4 });
  });

  it("a body within the limit is read as before, and the connection is kept for the next request", async () => {
    expect(MAX_REQUEST_BODY_BYTES).toBeGreaterThan(10 * 1024 * 1024);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = Buffer.concat([
      Buffer.from(PART_HEAD),
      Buffer.alloc(1024 * 1024, 1),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${base}/api/images`, {
          method: "POST",
          agent,
          headers: { ...multipart, "content-length": String(body.length) },
        });
        req.on("socket", (socket) => socket.once("connect", () => ports.push(socket.localPort!)));
        req.on("response", (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("error", reject);
        req.end(body);
      });
      expect(status).toBe(201);
    }
    // One connection for both (the second found it open).
    expect(ports).toHaveLength(1);
    agent.destroy();
  });
});
