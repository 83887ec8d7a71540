import { createHash, randomBytes } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createS3Mock } from "../../../../tests/mocks/s3";
import { createS3ImageStore, ImageStoreError } from "./s3-store.server";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const CONFIG = {
  kind: "s3" as const,
  endpoint: "http://s3.test:9000",
  region: "eu-central-1",
  bucket: "lenslane-rx",
  accessKeyId: "AKIDLENSLANETEST",
  secretAccessKey: "lenslane-test-secret-key-0123456789abcdef",
};

const bucket = createS3Mock(CONFIG);
const server = setupServer(...bucket.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  bucket.log.length = 0;
});
afterAll(() => server.close());

describe("AWS Signature V4 by aws4fetch (AWS's published examples)", () => {
  const sign = async (options: ConstructorParameters<typeof AwsV4Signer>[0]) =>
    (await new AwsV4Signer(options).sign()).headers;

  it("signs the SigV4 test suite's get-vanilla request", async () => {
    // The AWS SigV4 test suite (aws-sig-v4-test-suite/get-vanilla): GET / on example.amazonaws.com, service "service".
    const headers = await sign({
      method: "GET",
      url: "https://example.amazonaws.com/",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
      region: "us-east-1",
      service: "service",
      datetime: "20150830T123600Z",
    });
    expect(headers.get("x-amz-date")).toBe("20150830T123600Z");
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, " +
        "SignedHeaders=host;x-amz-date, " +
        "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    );
  });

  // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html ("Example: GET Object", "PUT Object").
  const s3Example = {
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    region: "us-east-1",
    service: "s3",
    datetime: "20130524T000000Z",
    allHeaders: true,
  };

  it("signs a GET as S3's example does (a signed empty payload, a signed Range)", async () => {
    const headers = await sign({
      ...s3Example,
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      headers: { Range: "bytes=0-9", "x-amz-content-sha256": sha256("") },
    });
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("signs a PUT as S3's example does (an encoded key, a signed storage class)", async () => {
    const body = "Welcome to Amazon S3.";
    expect(sha256(body)).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const headers = await sign({
      ...s3Example,
      method: "PUT",
      url: "https://examplebucket.s3.amazonaws.com/test%24file.text",
      headers: {
        Date: "Fri, 24 May 2013 00:00:00 GMT",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
        "x-amz-content-sha256": sha256(body),
      },
      body,
    });
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, " +
        "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });
});

describe("the S3 image store against a bucket that checks signatures", () => {
  const store = createS3ImageStore(CONFIG);

  it("puts, gets and deletes an object at its path-style URL", async () => {
    const bytes = randomBytes(50_000);
    await store.put("rx-images/abc123", bytes, "image/jpeg");
    expect(bucket.objects.get("rx-images/abc123")).toEqual({ bytes, contentType: "image/jpeg" });
    const read = await store.get("rx-images/abc123");
    expect(read?.contentType).toBe("image/jpeg");
    expect(Buffer.compare(read!.bytes, bytes)).toBe(0);
    await store.delete("rx-images/abc123");
    expect(bucket.objects.has("rx-images/abc123")).toBe(false);
    expect(bucket.log).toEqual(["PUT rx-images/abc123 200", "GET rx-images/abc123 200", "DELETE rx-images/abc123 204"]);
  });

  it("signs keys that need encoding", async () => {
    await store.put("rx-images/a b!(x)*'~", Buffer.from("%PDF-1.4"), "application/pdf");
    expect((await store.get("rx-images/a b!(x)*'~"))?.bytes.toString()).toBe("%PDF-1.4");
  });

  it("gives null for a missing key, and deleting one is no error", async () => {
    expect(await store.get("rx-images/missing")).toBeNull();
    await expect(store.delete("rx-images/missing")).resolves.toBeUndefined();
  });

  it("is refused (403) when the secret is wrong, and says so as an error", async () => {
    const wrong = createS3ImageStore({ ...CONFIG, secretAccessKey: "not-the-secret-0123456789abcdefghij" });
    const put = wrong.put("rx-images/x", Buffer.from("x"), "image/jpeg");
    await expect(put).rejects.toBeInstanceOf(ImageStoreError);
    await expect(put).rejects.toThrow("S3 PUT failed: 403 SignatureDoesNotMatch");
    await expect(wrong.get("rx-images/x")).rejects.toThrow("403");
    expect(bucket.objects.has("rx-images/x")).toBe(false);
  });

  it("is refused with another key id or region", async () => {
    await expect(createS3ImageStore({ ...CONFIG, accessKeyId: "AKIDOTHER" }).get("k")).rejects.toThrow(
      "403 InvalidAccessKeyId",
    );
    await expect(createS3ImageStore({ ...CONFIG, region: "us-west-2" }).get("k")).rejects.toThrow("403");
  });

  it("reports the store's 5xx as an error (a put is not taken for done)", async () => {
    bucket.failNext(500);
    await expect(store.put("rx-images/y", Buffer.from("y"), "image/jpeg")).rejects.toThrow(
      "S3 PUT failed: 500 InternalError",
    );
    expect(bucket.objects.has("rx-images/y")).toBe(false);
    bucket.failNext(503);
    await expect(store.get("rx-images/y")).rejects.toThrow("503");
    bucket.failNext(500);
    await expect(store.delete("rx-images/y")).rejects.toThrow("500");
  });

  it("reports a store that does not answer as an error", async () => {
    const unreachable = createS3ImageStore(CONFIG, () => Promise.reject(new TypeError("fetch failed")));
    await expect(unreachable.get("rx-images/z")).rejects.toThrow("S3 GET did not answer");
  });
});
