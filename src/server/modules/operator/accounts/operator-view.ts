import type { OperatorView } from '../../../../contract/operator';
import type { operators } from '../../../db/schema';

export function operatorViewOf(row: typeof operators.$inferSelect): OperatorView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}
