import { Fragment } from "react";

/**
 * A postal address's lines (from `addressLines`), a `<br>` between them: the line breaks are in the HTML, so a text
 * browser or a screen reader without CSS reads 'Ann Lee / 500 W Idaho St / Boise, ID 83702', not 'Ann Lee500 W
 * Idaho StBoise'. Phrasing content only, so it fits in an `<address>` and in a radio's `<label>` alike.
 */
export function AddressLines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}
