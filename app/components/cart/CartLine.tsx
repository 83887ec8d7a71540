import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { cartLineSchema } from "~/models/cart-forms";
import { formatCents } from "~/models/catalog";
import { FieldError } from "~/components/forms/FieldError";

export interface CartLineData {
  id: string;
  eyeLabel: string | null;
  productName: string;
  brandName: string;
  href: string | null;
  imageUrl: string | null;
  parameters: Array<{ label: string; value: string }>;
  supply: string | null;
  stock: string | null;
  quantity: number;
  quantityOptions: number[];
  unitPriceCents: number;
  lineTotalCents: number;
}

/**
 * One line of the cart: change quantity and remove are plain forms (no JavaScript needed). The cart's first image
 * is its largest content above the fold, so that line's image is `eager` (loaded at once, with high priority); the
 * others load lazily.
 */
export function CartLine({
  line,
  lastResult,
  eager = false,
}: {
  line: CartLineData;
  lastResult?: SubmissionResult<string[]>;
  eager?: boolean;
}) {
  const [form, fields] = useForm({
    id: `line-${line.id}`,
    lastResult,
    defaultValue: { intent: "update-quantity", itemId: line.id, quantity: String(line.quantity) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cartLineSchema }),
    shouldValidate: "onSubmit",
  });
  const quantityField = fields.quantity;
  const eyeSuffix = line.eyeLabel ? ` (${line.eyeLabel})` : "";
  return (
    <tr className="cart-line" data-testid="cart-line">
      <th scope="row" className="cart-line-eye">
        {line.eyeLabel ?? ""}
      </th>
      <td className="cart-line-product">
        {line.imageUrl ? (
          <img
            src={line.imageUrl}
            alt=""
            width="80"
            height="60"
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
          />
        ) : null}
        <div>
          <span className="product-tile-brand">{line.brandName}</span>{" "}
          {line.href ? <Link to={line.href}>{line.productName}</Link> : line.productName}
          {line.parameters.length > 0 ? (
            <ul className="cart-line-parameters">
              {line.parameters.map((parameter) => (
                <li key={parameter.label}>
                  {parameter.label} {parameter.value}
                </li>
              ))}
            </ul>
          ) : null}
          {line.supply ? <div className="cart-line-supply">{line.supply} supply</div> : null}
          {line.stock ? <div className="stock-text">{line.stock}</div> : null}
        </div>
      </td>
      <td className="cart-line-quantity">
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="update-quantity" />
          <input type="hidden" name="itemId" value={line.id} />
          <label htmlFor={quantityField.id} className="visually-hidden">
            Quantity of {line.productName}
            {eyeSuffix}
          </label>{" "}
          <select {...getSelectProps(quantityField)} key={quantityField.key}>
            {line.quantityOptions.map((quantity) => (
              <option key={quantity} value={quantity}>
                {quantity}
              </option>
            ))}
          </select>{" "}
          <button type="submit" className="link-button">
            Update
          </button>
          <FieldError errors={[...(quantityField.errors ?? []), ...(form.errors ?? [])]} id={quantityField.errorId} />
        </Form>
      </td>
      <td className="cart-line-price">{formatCents(line.unitPriceCents)}</td>
      <td className="cart-line-total">{formatCents(line.lineTotalCents)}</td>
      <td>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="itemId" value={line.id} />
          <button type="submit" className="link-button" aria-label={`Remove ${line.productName}${eyeSuffix}`}>
            Remove
          </button>
        </Form>
      </td>
    </tr>
  );
}
