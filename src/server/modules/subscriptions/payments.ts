// Payment, simulated for now (issue: no processor yet). One small interface, so a real processor replaces the
// simulation without touching the plan rules. No card data is ever received or stored.
export interface ChargeRequest {
  userId: string;
  plan: string;
  amountCents: number;
}

export interface PaymentProcessor {
  /** Charges the first period of a paid plan; resolves with a reference, or rejects when the charge fails. */
  charge(request: ChargeRequest): Promise<{ reference: string }>;
}

/** Accepts every charge at once: clearly a simulation, labelled as such in its references. */
export const simulatedPayments: PaymentProcessor = {
  async charge(request) {
    return { reference: `simulated-${request.plan}-${request.amountCents}` };
  },
};
