import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readUpload, UploadRefusedError } from "./http.server";
import { multipartBoundary } from "./multipart.server";

const URL_ = "http://store.test/upload-rx";
const MB = 1024 * 1024;

/** A body as a browser sends it (undici writes the multipart), re-chunked into pieces of `chunkSize` bytes. */
async function browserRequest(form: FormData, chunkSize?: number, headers: Record<string, string> = {}) {
  const made = new Request(URL_, { method: "POST", body: form });
  const bytes = new Uint8Array(await made.arrayBuffer());
  return rawRequest(bytes, made.headers.get("content-type")!, chunkSize, headers);
}

/** A request over the given bytes; `read` counts how many the reader took, `cancelled` whether it gave up. */
function rawRequest(
  bytes: Uint8Array,
  contentType: string,
  chunkSize = 64 * 1024,
  headers: Record<string, string> = {},
) {
  const state = { read: 0, cancelled: false };
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const chunk = bytes.subarray(offset, offset + chunkSize);
      offset += chunk.length;
      state.read += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const request = new Request(URL_, {
    method: "POST",
    body,
    headers: { "content-type": contentType, "content-length": String(bytes.length), ...headers },
    duplex: "half",
  } as RequestInit);
  return { request, state, size: bytes.length };
}

const file = (bytes: Uint8Array, name = "rx.png", type = "image/png") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

async function refusal(promise: Promise<unknown>): Promise<UploadRefusedError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UploadRefusedError);
  return error as UploadRefusedError;
}

describe("multipartBoundary", () => {
  it("reads the boundary of a multipart/form-data type, quoted or not", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----abc123")).toBe("----abc123");
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
  });
  it("refuses other types, a missing, too long or odd boundary", () => {
    expect(multipartBoundary("application/x-www-form-urlencoded")).toBeNull();
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
    expect(multipartBoundary("multipart/form-data; boundary=a\u0000b")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });
});

describe("readUpload", () => {
  const image = randomBytes(300 * 1024);

  it("reads text fields and a file as a browser sends them, however the body is chunked", async () => {
    // Byte by byte with a small file (every delimiter split every way), in large chunks with a larger one.
    const small = image.subarray(0, 8 * 1024);
    for (const [chunkSize, bytes] of [
      [1, small],
      [7, small],
      [70, image],
      [4096, image],
      [1 * MB, image],
    ] as const) {
      const form = new FormData();
      form.append("intent", "upload-rx");
      form.append("groupId", "g-1 ünïcode");
      form.append("image", file(bytes, "My Rx ✓.png"));
      const { request } = await browserRequest(form, chunkSize);
      const upload = await readUpload(request, { maxFileBytes: MB });
      expect(Object.fromEntries(upload.form)).toEqual({ intent: "upload-rx", groupId: "g-1 ünïcode" });
      expect(upload.files).toHaveLength(1);
      expect(upload.files[0]).toMatchObject({ field: "image", fileName: "My Rx ✓.png", declaredType: "image/png" });
      expect(Buffer.compare(upload.files[0]!.bytes, bytes)).toBe(0);
    }
  }, 30_000);

  it("keeps bytes that look like a boundary inside a file", async () => {
    const made = new Request(URL_, { method: "POST", body: new FormData() });
    const boundary = multipartBoundary(made.headers.get("content-type"))!;
    const tricky = Buffer.from(`\r\n--${boundary.slice(0, -1)}x\r\n--${boundary.slice(0, 5)}\r\n`);
    const form = new FormData();
    form.append("image", file(tricky));
    const { request } = await browserRequest(form, 3);
    const upload = await readUpload(request, { maxFileBytes: MB });
    expect(upload.files[0]!.bytes.toString()).toBe(tricky.toString());
  });

  it("treats a file input left empty as no file", async () => {
    const form = new FormData();
    form.append("intent", "upload-rx");
    form.append("image", new File([], "", { type: "application/octet-stream" }));
    const { request } = await browserRequest(form);
    expect((await readUpload(request, { maxFileBytes: MB })).files).toEqual([]);
  });

  it("keeps an empty file that has a name (the caller says it is empty)", async () => {
    const form = new FormData();
    form.append("image", new File([], "empty.png", { type: "image/png" }));
    const { request } = await browserRequest(form);
    const upload = await readUpload(request, { maxFileBytes: MB });
    expect(upload.files).toHaveLength(1);
    expect(upload.files[0]!.bytes.length).toBe(0);
  });

  it("refuses a file over the limit while streaming, and leaves the rest unread for the server to answer first", async () => {
    const form = new FormData();
    form.append("image", file(randomBytes(4 * MB)));
    // No Content-Length to go by: the limit is found while streaming.
    const made = new Request(URL_, { method: "POST", body: form });
    const bytes = new Uint8Array(await made.arrayBuffer());
    const { request, state, size } = rawRequest(bytes, made.headers.get("content-type")!, 16 * 1024);
    request.headers.delete("content-length");
    const error = await refusal(readUpload(request, { maxFileBytes: MB, maxFiles: 2 }));
    expect(error.problem).toBe("too-large");
    expect(error.status).toBe(413);
    // It stopped soon after the limit (a few chunks of read-ahead), and did not cancel the body: cancelling closes
    // the connection before the answer is written (server/request-bodies.ts reads the rest away after it).
    expect(state.read).toBeLessThan(size / 2);
    expect(state.cancelled).toBe(false);
  });

  it("refuses by the declared Content-Length before reading, however large the claim", async () => {
    for (const declared of [2 * MB, 200 * MB]) {
      const { request, state } = rawRequest(new Uint8Array(10), "multipart/form-data; boundary=x", 10, {
        "content-length": String(declared),
      });
      const error = await refusal(readUpload(request, { maxFileBytes: MB }));
      expect(error.problem).toBe("too-large");
      expect(state.read).toBeLessThanOrEqual(10);
      expect(state.cancelled).toBe(false);
    }
  });

  it("refuses more files than allowed", async () => {
    const form = new FormData();
    form.append("image", file(image));
    form.append("image", file(image, "second.png"));
    const { request } = await browserRequest(form);
    expect((await refusal(readUpload(request, { maxFileBytes: MB }))).problem).toBe("too-many-files");
  });

  it("checks text fields as readForm does: each once, no control characters, within 32 KB, not too many", async () => {
    const cases: Array<(form: FormData) => void> = [
      (form) => {
        form.append("intent", "a");
        form.append("intent", "b");
      },
      (form) => form.append("groupId", "a\u0000b"),
      (form) => form.append("note", "x".repeat(33 * 1024)),
      (form) => {
        for (let i = 0; i < 21; i++) form.append(`f${i}`, "x");
      },
    ];
    for (const build of cases) {
      const form = new FormData();
      build(form);
      form.append("image", file(image));
      const { request } = await browserRequest(form);
      const error = await refusal(readUpload(request, { maxFileBytes: MB }));
      expect(error.problem).toBe("malformed");
      expect(error.status).toBe(400);
    }
  });

  it("refuses what is not a multipart form, or is a broken one", async () => {
    const bodies: Array<[string, string]> = [
      ["application/x-www-form-urlencoded", "intent=upload-rx"],
      ["application/json", "{}"],
      ["multipart/form-data", "--x\r\n"],
      ["multipart/form-data; boundary=x", ""],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave'],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Type: text/plain\r\n\r\nsave\r\n--x--"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: attachment; name="a"\r\n\r\nv\r\n--x--'],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name=""\r\n\r\nv\r\n--x--'],
      ["multipart/form-data; boundary=x", `--x\r\nX-Long: ${"h".repeat(9000)}\r\n\r\nv\r\n--x--`],
      ["multipart/form-data; boundary=x", "--xjunk\r\n\r\n"],
    ];
    for (const [type, body] of bodies) {
      const { request } = rawRequest(new TextEncoder().encode(body), type, 5);
      expect((await refusal(readUpload(request, { maxFileBytes: MB }))).problem).toBe("malformed");
    }
  });

  it("ignores a preamble and an epilogue", async () => {
    const body =
      "preamble text\r\n--x\r\n" +
      'Content-Disposition: form-data; name="intent"\r\n\r\nupload-rx\r\n' +
      "--x--\r\nepilogue";
    const { request } = rawRequest(new TextEncoder().encode(body), "multipart/form-data; boundary=x", 4);
    const upload = await readUpload(request, { maxFileBytes: MB });
    expect(Object.fromEntries(upload.form)).toEqual({ intent: "upload-rx" });
  });
});
