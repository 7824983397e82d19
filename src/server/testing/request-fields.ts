/** The top-level field names of a contract request schema (through optional, default, pipe and refine). */
import type { z } from 'zod';

export function requestFieldsOf(schema: z.ZodType): string[] {
  const node = schema as unknown as {
    shape?: Record<string, unknown>;
    def?: { innerType?: z.ZodType; in?: z.ZodType; schema?: z.ZodType };
  };
  if (node.shape) return Object.keys(node.shape);
  const inner = node.def?.innerType ?? node.def?.in ?? node.def?.schema;
  return inner ? requestFieldsOf(inner) : [];
}
