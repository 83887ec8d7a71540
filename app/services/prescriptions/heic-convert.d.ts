/** heic-convert ships no types: the one call the upload pipeline makes (HEIC → JPEG or PNG, in wasm). */
declare module "heic-convert" {
  interface ConvertOptions {
    buffer: Buffer | Uint8Array | ArrayBuffer;
    format: "JPEG" | "PNG";
    /** JPEG quality, 0 to 1 (default 0.92). */
    quality?: number;
  }
  function convert(options: ConvertOptions): Promise<Uint8Array>;
  export default convert;
}
