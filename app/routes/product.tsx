import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useLocation } from "react-router";
import {
  SAVED_PRESCRIPTION_INTENT,
  SavedPrescriptionChoice,
  savedPrescriptionResult,
  withoutSavedPrescriptionResult,
} from "~/components/prescriptions/SavedPrescriptionChoice";
import { LensOrderForm } from "~/components/product/LensOrderForm";
import { ProductSpecifications, ProductSummary } from "~/components/product/ProductFacts";
import { DeliveryDateNotice } from "~/components/cart/DeliveryDateNotice";
import { ProductJsonLd } from "~/components/product/ProductJsonLd";
import { REBATE_DIALOG_QUERY, RebateDialog } from "~/components/product/RebateDialog";
import { SolutionOrderForm } from "~/components/product/SolutionOrderForm";
import { ProductReviews } from "~/components/reviews/ProductReviews";
import { useInDialogSlot } from "~/components/ui/DialogSlot";
import { PRODUCT_TYPE } from "~/models/catalog";
import { deliveryNoticeFor, listedDeliveryChoices } from "~/models/delivery-date-campaign";
import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { ogCard, productOgImagePath } from "~/models/og-image";
import type { PageHandle } from "~/models/page";
import { EYE_RULE_MESSAGES } from "~/models/line-item-group";
import { addEyeTarget } from "~/models/patient";
import {
  addEyeQuery,
  lensOrderSchema,
  ORDER_MESSAGES,
  orderChoices,
  PRESCRIPTION_LATER,
  solutionOrderSchema,
} from "~/models/product-order";
import { expirationDateSchema } from "~/models/prescriptions";
import { isNumericProductParam } from "~/models/redirects";
import { pageMeta } from "~/models/seo";
import { stockText } from "~/models/stock";
import {
  addProductToCart,
  resolveLensOrder,
  resolveSolutionOrder,
  unresolvedLensItems,
} from "~/services/cart/add-to-cart.server";
import { addEyeItems, eyeNeededByGroup } from "~/services/cart/cart.server";
import { findProductById, matchSku, productPath } from "~/services/catalog/catalog.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { redirectToNextStep, updateJourney } from "~/services/funnel/funnel.server";
import { customerGroupsFor, rebatesForProduct } from "~/services/cart/promotions.server";
import { readForm } from "~/services/platform/http.server";
import { setGroupExpiration } from "~/services/funnel/group-steps.server";
import { savedPrescriptionChoices } from "~/services/prescriptions/wallet-cart.server";
import { productReviews } from "~/services/reviews/reviews.server";
import { paymentSwitches } from "~/services/scenarios/feature-switches.server";
import { instalmentNote } from "~/models/instalments";
import reviewStyles from "~/styles/reviews.css?url";
import { paymentProvidersReady } from "~/services/platform/config.server";
import { loadProduct, productPageFields } from "./product/load-product.server";
import { orderWithSavedPrescription } from "./product/saved-prescription.server";
import type { Route } from "./+types/product";

export const handle: PageHandle = { pageName: "LensProductDetailPage", cache: "public", pageDialog: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reviewStyles }];

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(
        {
          // Spec 9: the default page title is the product's name.
          title: `${loaderData.product.displayName} | Lenslane`,
          description: loaderData.product.description,
          canonical: loaderData.canonical,
          image: ogCard(loaderData.ogImage),
          type: "product",
        },
        loaderData.siteUrl,
      )
    : [];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);

  // Spec 2.1: a purely numeric parameter of 1 to 6 digits is a productId; send it to the vanity URL.
  if (isNumericProductParam(params.name)) {
    const product = await findProductById(services.db, Number(params.name));
    if (!product || product.isHidden) notFound(services, request);
    throw redirect(`${productPath(product)}${url.search}`, 301);
  }

  const product = await loadProduct(request, params, context);
  const order = orderChoices(product);
  // A solution has one SKU, so its stock is known before any choice; a lens's depends on its parameters.
  const { priceBook, customer, session, campaignVariations } = context.get(visitorContext);
  const isLens = product.productType === PRODUCT_TYPE.lens;
  // `?group=&eye=`: the cart's link to add the eye a lens group needs (spec 2 §4 eye rule). Anything else about
  // the group (gone, or both eyes there now) leaves the page as it always is.
  const addEye = isLens && !product.discontinuedInCatalog ? addEyeQuery(url.searchParams) : null;
  const cartId = session.get("cartId");
  const instalmentsOn = (await paymentSwitches(services, session, "product")).afterpay;
  const [solutionSku, rebates, savedPrescriptions, reviews, needed] = await Promise.all([
    product.productType === PRODUCT_TYPE.solution ? matchSku(services.db, product.id, {}) : null,
    customerGroupsFor(services.db, customer?.id ?? null).then((customerGroups) =>
      rebatesForProduct(services.db, product.id, { priceBook, customerGroups }, new Date()),
    ),
    // Signed in: the saved prescriptions this lens can be ordered with (spec 2 §4), instead of typing one.
    customer && isLens && !product.discontinuedInCatalog
      ? savedPrescriptionChoices(services.db, customer.id, [product.id])
      : [],
    // The average, the count and the latest published reviews: one query.
    productReviews(services.db, product.id),
    addEye && cartId ? eyeNeededByGroup(services.db, cartId, addEye.groupId) : null,
  ]);
  const inStock = solutionSku ? solutionSku.isActive && solutionSku.stockQuantity > 0 : true;
  return data(
    {
      product: productPageFields(product),
      ...order,
      // The estimated delivery date campaign's line (decision 66), for a product that can be ordered.
      deliveryDate:
        inStock && !product.discontinuedInCatalog
          ? deliveryNoticeFor(campaignVariations, listedDeliveryChoices(new Date()), "product")
          : null,
      rebates: (rebates ?? []).map((offer) => offer.description),
      stock: solutionSku ? stockText(solutionSku.isActive ? solutionSku.stockQuantity : 0) : null,
      inStock,
      savedPrescriptions,
      reviews,
      addTo: addEyeTarget(addEye, needed),
      canonical: productPath(product),
      ogImage: productOgImagePath(product.vanityUrl),
      siteUrl: services.config.siteUrl,
      // Pay in 4 (issue 27): per box, while the AfterPay switch is on (content/features.json, a session's override).
      instalmentNote:
        instalmentsOn && product.unitPriceCents !== null && !product.discontinuedInCatalog
          ? instalmentNote(product.unitPriceCents)
          : null,
    },
    // A signed-in shopper's page lists their prescriptions, and one adding an eye names their cart: never shared;
    // nor is a page whose session switched pay-in-4 off (the shared copy shows this deployment's default).
    {
      headers: {
        "Cache-Control":
          customer || addEye || instalmentsOn !== paymentProvidersReady(services.config).payIn4
            ? PRIVATE_CACHE_CONTROL
            : PUBLIC_PAGE_CACHE_CONTROL,
      },
    },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session } = visitor;
  const product = await loadProduct(request, params, context);
  const formData = await readForm(request);
  if (formData.get("intent") === SAVED_PRESCRIPTION_INTENT)
    return orderWithSavedPrescription(context, product, formData);
  const { quantityOptions: options } = orderChoices(product);
  const isSolution = product.productType === PRODUCT_TYPE.solution;
  const submission = isSolution
    ? parseWithZod(formData, {
        schema: solutionOrderSchema({ quantityOptions: options, allowsAutoReorder: product.allowsAutoReorder }),
      })
    : parseWithZod(formData, {
        schema: lensOrderSchema({
          parameters: product.parameters,
          quantityOptions: options,
          allowsAutoReorder: product.allowsAutoReorder,
        }),
      });
  // A lens whose prescription is chosen here may carry its expiration date (optional here; RxDetails asks for it).
  const typedNow = !isSolution && formData.get("prescription") !== PRESCRIPTION_LATER;
  const rawExpiration = formData.get("expirationDate");
  const expiration = expirationDateSchema({ required: false }).safeParse(
    typeof rawExpiration === "string" ? rawExpiration : undefined,
  );
  const expirationErrors =
    typedNow && !expiration.success ? { expirationDate: expiration.error.issues.map((issue) => issue.message) } : null;
  if (submission.status !== "success" || expirationErrors) {
    return data(submission.reply(expirationErrors ? { fieldErrors: expirationErrors } : undefined), { status: 400 });
  }
  if (product.discontinuedInCatalog) {
    return data(submission.reply({ formErrors: [ORDER_MESSAGES.discontinued] }), { status: 400 });
  }

  const resolved =
    "eyes" in submission.value
      ? submission.value.prescriptionLater
        ? { items: unresolvedLensItems(product, submission.value) }
        : await resolveLensOrder(services.db, product, submission.value)
      : await resolveSolutionOrder(services.db, product, submission.value);
  if ("errors" in resolved) return data(submission.reply({ fieldErrors: resolved.errors }), { status: 400 });

  // The other eye of a lens group already in the cart (spec 2 §4 eye rule): into that group, with its patient,
  // doctor and auto-reorder, and only for an eye it needs.
  const addToGroup = formData.get("groupId");
  if (typeof addToGroup === "string" && addToGroup !== "" && "eyes" in submission.value) {
    const cartId = session.get("cartId");
    const added = cartId
      ? await addEyeItems(services.db, cartId, addToGroup, resolved.items)
      : { ok: false as const, reason: "no-group" as const, message: "" };
    if (!added.ok) return data(submission.reply({ formErrors: [EYE_RULE_MESSAGES.groupGone] }), { status: 400 });
    const expiresOn = typedNow ? expiration.data : undefined;
    if (expiresOn) await setGroupExpiration(services.db, cartId!, addToGroup, expiresOn);
    updateJourney(session, { currentGroupId: addToGroup, proceededPastCart: false });
    const response = await redirectToNextStep(services.db, visitor, "LensProductDetailPage");
    response.headers.append("Set-Cookie", await services.sessions.commitSession(session));
    return response;
  }

  const groupId = await addProductToCart(
    services.db,
    session,
    visitor.customer?.id ?? null,
    product,
    resolved.items,
    submission.value.autoReorderFrequencyDays,
  );
  const expiresOn = typedNow ? expiration.data : undefined;
  if (expiresOn) await setGroupExpiration(services.db, session.get("cartId")!, groupId, expiresOn);
  // The funnel works on the new group next (prescription, patient), from before the cart again.
  updateJourney(session, { currentGroupId: groupId, proceededPastCart: false });
  const response = await redirectToNextStep(
    services.db,
    visitor,
    isSolution ? "SolutionProductDetailPage" : "LensProductDetailPage",
  );
  response.headers.append("Set-Cookie", await services.sessions.commitSession(session));
  return response;
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const location = useLocation();
  const rebateOpen = new URLSearchParams(location.search).get(REBATE_DIALOG_QUERY.name) === REBATE_DIALOG_QUERY.value;
  // Rendered twice (DialogSlot.tsx): the dialog in the slot after the header, the page in <main>.
  const inDialogSlot = useInDialogSlot();
  if (inDialogSlot) return rebateOpen ? <RebateDialog closeHref={location.pathname} /> : null;
  const isSolution = product.productType === PRODUCT_TYPE.solution;
  return (
    <article className="product-page">
      <ProductJsonLd
        product={product}
        inStock={loaderData.inStock}
        reviews={loaderData.reviews}
        siteUrl={loaderData.siteUrl}
        canonical={loaderData.canonical}
      />
      <img src={product.imageUrl} alt={product.displayName} width="480" height="360" fetchPriority="high" />
      <div className="product-details">
        <ProductSummary
          product={product}
          stock={loaderData.stock}
          rebates={loaderData.rebates}
          rebateLink={!isSolution}
          instalmentNote={loaderData.instalmentNote}
        />
        {loaderData.deliveryDate ? <DeliveryDateNotice notice={loaderData.deliveryDate} /> : null}
        {product.discontinuedInCatalog ? (
          <p className="notice">This product has been discontinued and can&apos;t be ordered.</p>
        ) : !loaderData.inStock ? (
          <p className="notice">Out of Stock</p>
        ) : isSolution ? (
          <SolutionOrderForm
            productId={product.id}
            quantityChoices={loaderData.quantityChoices}
            allowsAutoReorder={product.allowsAutoReorder}
            lastResult={withoutSavedPrescriptionResult(actionData)}
          />
        ) : (
          <>
            {loaderData.addTo ? null : (
              <SavedPrescriptionChoice
                choices={loaderData.savedPrescriptions}
                lastResult={savedPrescriptionResult(actionData)}
                heading="Order with a saved prescription"
                lead="Choose one of your prescriptions for this lens: we add the lenses you last ordered to your cart."
              />
            )}
            <LensOrderForm
              addTo={loaderData.addTo}
              productId={product.id}
              parameters={product.parameters}
              quantityChoices={loaderData.quantityChoices}
              allowsAutoReorder={product.allowsAutoReorder}
              defaultFrequencyDays={loaderData.defaultFrequencyDays}
              lastResult={withoutSavedPrescriptionResult(actionData)}
            />
          </>
        )}
        <p>{product.description}</p>
        <ProductSpecifications specifications={product.specifications} packSize={product.descriptorPackSize} />
        <ProductReviews productId={product.id} reviews={loaderData.reviews} returnTo={loaderData.canonical} />
      </div>
    </article>
  );
}
