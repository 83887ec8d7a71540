import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/models/file-type";
import { BAD_FORM_MESSAGE, readUpload, UploadRefusedError, type UploadedFile } from "../platform/http.server";

/**
 * An upload form's input (the upload pages and POST api/images): one file of at most 10 MB and a few text fields,
 * read with the bounded multipart reader. A body it refuses gives the shopper's message and the status to answer
 * with; nothing has been stored.
 */

export type UploadInput =
  { ok: true; form: FormData; file: UploadedFile | null } | { ok: false; status: 400 | 413; message: string };

export async function readImageUpload(
  request: Request,
  options: { fileFields: readonly string[] },
): Promise<UploadInput> {
  try {
    const { form, files } = await readUpload(request, { maxFileBytes: MAX_UPLOAD_BYTES, maxFiles: 1, maxFields: 20 });
    const unknown = files.find((file) => !options.fileFields.includes(file.field));
    if (unknown) return { ok: false, status: 400, message: BAD_FORM_MESSAGE };
    return { ok: true, form, file: files[0] ?? null };
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    switch (error.problem) {
      case "too-large":
        return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge };
      case "too-many-files":
        return { ok: false, status: 400, message: UPLOAD_MESSAGES.tooManyFiles };
      default:
        return { ok: false, status: 400, message: BAD_FORM_MESSAGE };
    }
  }
}

/** A text field of the upload form, or null when absent. */
export function textField(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
}
