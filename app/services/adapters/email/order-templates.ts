/**
 * The order e-mails: the confirmation, the notice that an order went on hold and the notice that it shipped. React
 * Email components in templates/ (decision 0048): both bodies come from one component tree.
 */
export { orderConfirmationEmail, type OrderConfirmationInput } from "./templates/order-confirmation";
export {
  orderOnHoldEmail,
  orderShippedEmail,
  type OrderOnHoldInput,
  type OrderShippedInput,
} from "./templates/order-notices";
