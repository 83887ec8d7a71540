import { classificationText } from "~/models/file-type";

export interface UploadedImageView {
  rxImageId: string;
  fileName: string;
  contentType: string;
  width: number | null;
  height: number | null;
  classification: string | null;
  /** A PDF's first page drawn as an image, shown in its place. */
  pageImage?: { width: number | null; height: number | null } | null;
}

/**
 * The image the shopper sent (from the owner-only rx-images route, never cached), or a link to the PDF, and what the
 * reader made of it in words.
 */
export function UploadedImage({ image }: { image: UploadedImageView }) {
  const src = `/rx-images/${encodeURIComponent(image.rxImageId)}`;
  return (
    <figure className="uploaded-image" data-testid="uploaded-image">
      {image.contentType === "application/pdf" && image.pageImage ? (
        <>
          <img
            src={`${src}/page`}
            alt="The first page of the PDF you uploaded"
            width={image.pageImage.width ?? undefined}
            height={image.pageImage.height ?? undefined}
            loading="eager"
          />
          <p>
            <a href={src} target="_blank" rel="noreferrer">
              Open the PDF you sent
            </a>
          </p>
        </>
      ) : image.contentType === "application/pdf" ? (
        <p>
          <a href={src} target="_blank" rel="noreferrer">
            Open the PDF you sent
          </a>
        </p>
      ) : (
        <img
          src={src}
          alt="The prescription you uploaded"
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          loading="eager"
        />
      )}
      <figcaption data-testid="image-classification">
        {classificationText(image.classification, image.contentType)}
      </figcaption>
    </figure>
  );
}
