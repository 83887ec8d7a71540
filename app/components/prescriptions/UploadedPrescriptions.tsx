import { Form } from "react-router";
import { UPLOADED_PRESCRIPTION_MESSAGES, type UploadedPrescriptionView } from "~/models/prescriptions";

/**
 * The wallet's uploads waiting for review, under the spec's patient label 'Prescription Uploaded': each one's file,
 * when it came, the image, and 'Delete' (a plain form).
 */
export function UploadedPrescriptions({ uploads }: { uploads: UploadedPrescriptionView[] }) {
  if (uploads.length === 0) return null;
  return (
    <section className="rx-patient" aria-labelledby="rx-uploaded-title" data-testid="wallet-uploads">
      <h2 id="rx-uploaded-title">{UPLOADED_PRESCRIPTION_MESSAGES.label}</h2>
      <div className="order-list">
        {uploads.map((upload) => (
          <article
            key={upload.imageId}
            className="order-card rx-card"
            aria-labelledby={`upload-${upload.imageId}-title`}
            data-testid="wallet-upload"
          >
            <div className="order-card-head">
              <h3 id={`upload-${upload.imageId}-title`}>{upload.fileName}</h3>
              <span className="order-status order-status-processing">{UPLOADED_PRESCRIPTION_MESSAGES.waiting}</span>
            </div>
            <p>
              Uploaded {upload.uploadedOn}. We check an uploaded prescription when you order lenses with it.{" "}
              <a href={upload.href}>View the image</a>
            </p>
            <Form method="post" className="rx-actions">
              <input type="hidden" name="intent" value="delete-upload" />
              <input type="hidden" name="imageId" value={upload.imageId} />
              <button type="submit" className="button button-secondary">
                Delete <span className="visually-hidden">{upload.fileName}</span>
              </button>
            </Form>
          </article>
        ))}
      </div>
    </section>
  );
}
