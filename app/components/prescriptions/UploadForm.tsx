import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Form } from "react-router";
import {
  ACCEPTED_FILES_TEXT,
  canPreview,
  SNIFF_BYTES,
  sniffFileType,
  UPLOAD_ACCEPT,
  UPLOAD_MESSAGES,
  uploadProblem,
} from "~/models/file-type";
import { EXPERIMENT_OVERRIDE_PARAM } from "~/models/experiments/overrides";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FieldError } from "~/components/forms/FieldError";

/** The largest side of the preview drawn in the page. */
const PREVIEW_SIDE = 240;

interface UploadFormProps {
  id: string;
  /** Sent with the plain form post (without JavaScript): the page's intent and ids. */
  hiddenFields: Record<string, string>;
  /** Sent with the file to POST api/images (with JavaScript), e.g. the order number. */
  apiFields?: Record<string, string>;
  /** The server's message after a refused post (the page re-rendered without JavaScript). */
  error?: string | null;
  submitLabel: string;
  /** With JavaScript, once api/images stored the file: where the page goes next. */
  onUploaded: (rxImageId: string) => void;
}

/**
 * POST api/images, with the page's campaign overrides (`?experiment=`, honoured outside production only): the form
 * without JavaScript posts to the page's own address, so an upload sees the same variations either way (decision 67).
 */
function imagesApiUrl(): string {
  const overrides = new URLSearchParams(window.location.search).getAll(EXPERIMENT_OVERRIDE_PARAM);
  if (overrides.length === 0) return "/api/images";
  return `/api/images?${new URLSearchParams(overrides.map((value) => [EXPERIMENT_OVERRIDE_PARAM, value]))}`;
}

type UploadAnswer = { items?: Array<{ rxImageId?: string; processedImage?: unknown }>; error?: string } | null;

/**
 * The prescription upload (upload-rx, upload-rx?oid=, rx-details): a plain multipart form that works without
 * JavaScript. With JavaScript the chosen file is checked by its bytes and size at once (the same rules as the
 * server's), previewed when it is a JPEG or PNG (drawn on a canvas: the page's Content-Security-Policy allows no
 * blob: images), and sent to POST api/images with a progress bar; the page then moves on (`onUploaded`).
 */
export function UploadForm({ id, hiddenFields, apiFields = {}, error, submitLabel, onUploaded }: UploadFormProps) {
  const hydrated = useHydrated();
  const [clientError, setClientError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [hasPreview, setHasPreview] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const message = clientError ?? (touched ? null : (error ?? null));
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  async function problemOf(file: File) {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    return { problem: uploadProblem({ size: file.size, head }), type: sniffFileType(head) };
  }

  async function drawPreview(file: File) {
    const target = canvas.current;
    if (!target || typeof createImageBitmap !== "function") return;
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      const scale = Math.min(1, PREVIEW_SIDE / Math.max(bitmap.width, bitmap.height));
      target.width = Math.max(1, Math.round(bitmap.width * scale));
      target.height = Math.max(1, Math.round(bitmap.height * scale));
      target.getContext("2d")?.drawImage(bitmap, 0, 0, target.width, target.height);
      bitmap.close();
      setHasPreview(true);
    } catch {
      setHasPreview(false);
    }
  }

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    setTouched(true);
    setClientError(null);
    setHasPreview(false);
    if (!file) return;
    const { problem, type } = await problemOf(file);
    if (problem) setClientError(problem);
    else if (canPreview(type)) await drawPreview(file);
  }

  function fail(text: string) {
    setProgress(null);
    setClientError(text);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const file = fileInput.current?.files?.[0];
    if (!file) return fail(UPLOAD_MESSAGES.noFile);
    void (async () => {
      const { problem } = await problemOf(file);
      if (problem) return fail(problem);
      const body = new FormData();
      for (const [name, value] of Object.entries(apiFields)) body.append(name, value);
      body.append("images", file, file.name);
      const xhr = new XMLHttpRequest();
      request.current = xhr;
      xhr.open("POST", imagesApiUrl());
      xhr.responseType = "json";
      xhr.upload.onprogress = (progressEvent) => {
        if (progressEvent.lengthComputable) setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100));
      };
      xhr.onload = () => {
        const answer = xhr.response as UploadAnswer;
        if (xhr.status < 200 || xhr.status >= 300) return fail(answer?.error ?? UPLOAD_MESSAGES.failed);
        const item = answer?.items?.[0];
        // Spec 2 §5: an upload result without a processed image fails with 'No image available'.
        if (!item?.rxImageId || !item.processedImage) return fail(UPLOAD_MESSAGES.noImage);
        setProgress(100);
        onUploaded(item.rxImageId);
      };
      xhr.onerror = () => fail(UPLOAD_MESSAGES.failed);
      setClientError(null);
      setTouched(true);
      setProgress(0);
      xhr.send(body);
    })();
  }

  const uploading = progress !== null;
  // What a screen reader hears while the file goes up: the start, every quarter, the end (not every percent).
  const announcement = !uploading
    ? ""
    : progress < 100
      ? `Uploading your prescription… ${Math.floor(progress / 25) * 25}%`
      : "Uploaded.";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      id={id}
      className="upload-form"
      onSubmit={hydrated ? onSubmit : undefined}
      aria-busy={uploading}
    >
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="form-field">
        <label htmlFor={`${id}-file`}>Photo or scan of your prescription</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          name="image"
          accept={UPLOAD_ACCEPT}
          required
          onChange={hydrated ? (event) => void onChange(event) : undefined}
          aria-describedby={message ? `${hintId} ${errorId}` : hintId}
          aria-invalid={message ? true : undefined}
          disabled={uploading}
        />
        <span className="upload-hint" id={hintId}>
          {ACCEPTED_FILES_TEXT}
        </span>
      </p>
      <FieldError as="p" errors={message} id={errorId} data-testid="upload-error" />
      <canvas
        ref={canvas}
        className="upload-preview"
        hidden={!hasPreview}
        role="img"
        aria-label="Preview of the file you chose"
        data-testid="upload-preview"
      />
      {/* A live region present from the start (one that appears with its text is often not read). */}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="upload-status">
        {announcement}
      </p>
      {uploading ? (
        <p className="upload-progress">
          <label htmlFor={`${id}-progress`}>{progress < 100 ? `Uploading… ${progress}%` : "Uploaded"}</label>
          <progress id={`${id}-progress`} max={100} value={progress} />
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={uploading}>
        {submitLabel}
      </button>
    </Form>
  );
}
