/** Spec: stock display. 20 or fewer units is 'Limited Quantity: n'; more 'In Stock: n'; none 'Out of Stock'. */
export const LIMITED_QUANTITY_THRESHOLD = 20;

export function stockText(units: number): string {
  if (units <= 0) return "Out of Stock";
  if (units <= LIMITED_QUANTITY_THRESHOLD) return `Limited Quantity: ${units}`;
  return `In Stock: ${units}`;
}

/** The submit-and-skip placeholder UPC (spec), shown as 'Upload' instead of a stock count. */
export const SUBMIT_AND_SKIP_UPC = "10999999999";
export const SUBMIT_AND_SKIP_STOCK_TEXT = "Upload";

/**
 * A cart line's stock text: 'Upload' while it holds the submit-and-skip placeholder (the prescription comes later,
 * so there is no SKU to count yet), the stock of its SKU once it has one, and none before (no UPC, or an unknown one).
 */
export function lineStockText(upc: string | null, units: number | undefined): string | null {
  if (upc === SUBMIT_AND_SKIP_UPC) return SUBMIT_AND_SKIP_STOCK_TEXT;
  if (!upc || units === undefined) return null;
  return stockText(units);
}
