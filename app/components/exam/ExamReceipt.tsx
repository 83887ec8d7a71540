/** The exam fee's receipt as the pages show it (what the server's examReceipt answers). */
export interface ExamReceiptView {
  amount: string;
  card: string;
  paidOn: string;
  reference: string;
  refunded: boolean;
  refundPending: boolean;
}

/**
 * The exam's receipt: the fee, the card, the day and the payment reference, the FSA/HSA note, and, when the provider
 * did not take the exam, the refund. A definition list, so it reads in order in a text browser.
 */
export function ExamReceipt({ receipt, fsaHsa }: { receipt: ExamReceiptView; fsaHsa: string }) {
  return (
    <section className="exam-receipt" aria-labelledby="exam-receipt-heading" data-testid="exam-receipt">
      <h2 id="exam-receipt-heading">Your exam receipt</h2>
      <dl>
        <dt>Online vision exam</dt>
        <dd data-testid="exam-receipt-amount">{receipt.amount}</dd>
        <dt>Paid with</dt>
        <dd>{receipt.card}</dd>
        <dt>Paid on</dt>
        <dd>{receipt.paidOn}</dd>
        <dt>Payment reference</dt>
        <dd>{receipt.reference}</dd>
      </dl>
      <p>{fsaHsa}</p>
      {receipt.refunded ? (
        <p data-testid="exam-refund">
          We refunded your {receipt.amount} to your {receipt.card}.
        </p>
      ) : receipt.refundPending ? (
        <p data-testid="exam-refund">
          We&apos;re refunding your {receipt.amount} to your {receipt.card}.
        </p>
      ) : null}
    </section>
  );
}
