/** The shape of a channel's statement about an order (callback body and query answer). */
import { z } from 'zod';

export const paymentEventSchema = z.object({
  eventId: z.string().trim().min(1).max(100),
  orderId: z.string().trim().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().trim().min(3).max(8),
  channelTxnId: z.string().trim().min(1).max(100),
  occurredAt: z.string().refine((text) => !Number.isNaN(Date.parse(text))),
});
