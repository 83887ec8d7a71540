import { and, asc, eq, ne } from "drizzle-orm";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { productKind } from "~/models/catalog";
import { DELETED_CODE } from "~/models/order-status";
import { rebateForm, rebateFormOffers, type RebateForm } from "~/models/rebate-form";
import { activePromotions } from "../cart/promotions.server";
import { together, type Executor } from "../db/client.server";
import { brands, orderGroups, orderLines, orders, products } from "../db/schema";

/**
 * The mail-in rebate form of a placed order (GET api/rebates/order/{orderNumber}): read for the order's owner only,
 * then drawn as a one-page PDF (decision 51).
 */

/**
 * Who asks: the signed-in customer, and the orders this browser session placed or proved (the same shape as the
 * prescriptions' OrderViewer, which sits on a floor above this one).
 */
export interface RebateFormViewer {
  customerId: number | null;
  placedOrderNumbers: readonly string[];
}

/**
 * The form for an order the viewer owns; null for an unknown, deleted or unpaid order, another's order, or one that
 * earned no mail-in rebate (the caller answers all of them with the same 404). The offers are the rebate
 * promotions as they ran when the order was taken.
 */
export async function orderRebateForm(
  db: Executor,
  orderNumber: string,
  viewer: RebateFormViewer,
): Promise<RebateForm | null> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      createdAt: orders.createdAt,
      rebateCents: orders.rebateCents,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(
      and(eq(orders.orderNumber, orderNumber), ne(orders.statusCode, DELETED_CODE), eq(orders.paymentState, "paid")),
    );
  if (!order) return null;
  if (order.customerId !== viewer.customerId && !viewer.placedOrderNumbers.includes(order.orderNumber)) return null;
  if (order.rebateCents <= 0) return null;
  const [lines, running] = await together(db, [
    () =>
      db
        .select({
          productId: orderLines.productId,
          productName: orderLines.productName,
          quantity: orderLines.quantity,
          productType: products.productType,
          brandSlug: brands.slug,
          autoReorderFrequencyDays: orderGroups.autoReorderFrequencyDays,
        })
        .from(orderLines)
        .innerJoin(orderGroups, eq(orderGroups.id, orderLines.orderGroupId))
        .innerJoin(products, eq(products.id, orderLines.productId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(eq(orderGroups.orderId, order.id))
        .orderBy(asc(orderGroups.position), asc(orderLines.id)),
    () => activePromotions(db, order.createdAt),
  ]);
  const offers = rebateFormOffers(
    running,
    lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      quantity: line.quantity,
      brandSlug: line.brandSlug,
      productType: productKind(line.productType),
      orderType: line.autoReorderFrequencyDays ? "autoReorder" : "oneTime",
    })),
  );
  return rebateForm({
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    rebateCents: order.rebateCents,
    address: order.shippingAddress,
    offers,
  });
}

/** The standard fonts encode WinAnsi only: anything else becomes "?" rather than failing the download. */
const printable = (text: string) =>
  text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022]/g, "?");

const PAGE = { width: 612, height: 792, margin: 54 } as const;

/** Draws lines of text down a page, wrapping at the margin. */
class Writer {
  y = PAGE.height - PAGE.margin;
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {}

  line(text: string, options: { size?: number; bold?: boolean; indent?: number } = {}) {
    const size = options.size ?? 11;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = PAGE.margin + (options.indent ?? 0);
    const width = PAGE.width - PAGE.margin - x;
    for (const wrapped of wrap(printable(text), font, size, width)) {
      this.page.drawText(wrapped, { x, y: this.y, size, font, color: rgb(0, 0, 0) });
      this.y -= size * 1.4;
    }
  }

  gap(points = 8) {
    this.y -= points;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  return [...lines, current];
}

/** The form as a one-page PDF: the sender, the order, the offers with their boxes and amounts, the rules. */
export async function rebateFormPdf(form: RebateForm): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Rebate form for order ${form.orderNumber}`);
  document.setCreator("Lenslane");
  const page = document.addPage([PAGE.width, PAGE.height]);
  const fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  const out = new Writer(page, fonts);
  out.line("Lenslane mail-in rebate form", { size: 18, bold: true });
  out.gap();
  out.line(`Order number: ${form.orderNumber}`, { bold: true });
  out.line(`Order date: ${form.orderDate}`);
  out.gap();
  out.line("Customer", { bold: true });
  out.line(form.customerName);
  for (const addressLine of form.addressLines) out.line(addressLine);
  out.gap();
  out.line("Rebates on this order", { bold: true });
  for (const offer of form.offers) {
    out.line(`${offer.title}: ${offer.amount}`);
    for (const product of offer.products)
      out.line(`${product.name}: ${product.boxes} ${product.boxes === 1 ? "box" : "boxes"}`, { indent: 16 });
  }
  out.gap();
  out.line(`Postmark deadline: ${form.postmarkDeadline}`, { bold: true });
  out.gap();
  out.line("Rebate rules", { bold: true });
  for (const rule of form.rules) out.line(`\u2022 ${rule}`, { indent: 8 });
  return document.save();
}
